import { useEffect, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { SessionResponse } from '#core/rep-api.ts'
import { getSession } from '../api/rep-endpoints.ts'
import { goTo } from '../rep-navigate.ts'
import { getSignInPath, SIGN_IN_PATH } from '../rep-paths.ts'
import { keepSession, useSessionState } from './session-store.ts'

export type GateState =
  | { status: 'loading' }
  | { status: 'signed-in'; session: SessionResponse }
  | { status: 'error'; message: string; retry: () => void }

/**
 * The signed-in rep for a page that needs one: asks `GET session` once per tab, and sends the rep to
 * sign-in as soon as the session is gone, whichever request found out (to come back here afterwards,
 * unless they signed out themselves). The redirect replaces this page in the history, so Back does
 * not return to a page that redirects.
 */
export function useSessionGate(): GateState {
  const state = useSessionState()
  const [failure, setFailure] = useState<string | null>(null)

  // Asks while nobody knows and nothing failed; Try again clears the failure, which asks again.
  useEffect(() => {
    if (state.status !== 'unknown' || failure !== null) return
    const controller = new AbortController()
    getSession(controller.signal).then(keepSession, (error: unknown) => {
      // A 401 has already marked the session as gone; the effect below redirects.
      if (controller.signal.aborted || (error instanceof RequestFailure && error.status === 401)) return
      setFailure(error instanceof RequestFailure ? error.message : UNAVAILABLE_MESSAGE)
    })
    return () => controller.abort()
  }, [state.status, failure])

  const signedOut = state.status === 'signed-out' ? (state.bySelf ? 'by-self' : 'lost') : null
  useEffect(() => {
    if (signedOut === null) return
    const here = window.location.pathname + window.location.search + window.location.hash
    goTo(signedOut === 'by-self' ? SIGN_IN_PATH : getSignInPath(here), { replace: true })
  }, [signedOut])

  if (state.status === 'signed-in') return { status: 'signed-in', session: state.session }
  if (failure !== null && state.status === 'unknown') {
    return {
      status: 'error',
      message: failure,
      retry: () => setFailure(null),
    }
  }
  return { status: 'loading' }
}
