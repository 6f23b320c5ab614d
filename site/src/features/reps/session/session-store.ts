import { useSyncExternalStore } from 'react'
import type { SessionResponse } from '#core/rep-api.ts'

/**
 * Whether a rep is signed in, as far as this tab knows: `unknown` until the session is asked for or
 * a sign-in answers; `signed-out` once any request answers 401.
 */
export type SessionState =
  | { status: 'unknown' }
  | { status: 'signed-in'; session: SessionResponse }
  /** `bySelf`: the rep pressed Sign out (else the server said the session was gone). */
  | { status: 'signed-out'; bySelf: boolean }

let state: SessionState = { status: 'unknown' }
const listeners = new Set<() => void>()

function setState(next: SessionState): void {
  state = next
  for (const listener of listeners) listener()
}

export const getSessionState = (): SessionState => state

/** After `GET`/`POST session` or `POST password`: the rep and the CSRF token for their writes. */
export const keepSession = (session: SessionResponse): void => setState({ status: 'signed-in', session })

/** The session is gone (expired, signed out elsewhere, or by the rep): pages go to sign-in. */
export const markSignedOut = (bySelf = false): void => setState({ status: 'signed-out', bySelf })

/** Forgets what this tab knew, so the next signed-in page asks again (tests start from here). */
export const resetSession = (): void => setState({ status: 'unknown' })

/** The token every POST, PUT and DELETE carries; null before the session is known. */
export const getCsrfToken = (): string | null =>
  state.status === 'signed-in' ? state.session.csrfToken : null

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useSessionState = (): SessionState => useSyncExternalStore(subscribe, getSessionState)
