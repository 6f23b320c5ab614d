import { useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { signOut } from '../api/rep-endpoints.ts'
import { markSignedOut } from './session-store.ts'
import { forgetAllDrafts } from './tab-drafts.ts'

export interface SignOut {
  busy: boolean
  /** Why signing out failed, for the page to show; null when it did not. */
  error: string | null
  leave: () => Promise<void>
}

/**
 * Sign out: ends the session on the server (`DELETE session`, with the CSRF token), and only then
 * here: if the server could not be told, the cookie still works, so the rep is told rather than shown
 * a sign-in page that lies. Signing out forgets this tab's unsaved drafts, for whoever comes next.
 */
export function useSignOut(): SignOut {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const leave = async () => {
    setBusy(true)
    setError(null)
    try {
      await signOut()
    } catch (failure) {
      // 401: the session had already ended, which is what the rep wanted.
      if (!(failure instanceof RequestFailure && failure.status === 401)) {
        setError(
          `Not signed out: ${failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE}`,
        )
        setBusy(false)
        return
      }
    }
    forgetAllDrafts()
    markSignedOut(true) // the page's gate shows sign-in
  }

  return { busy, error, leave }
}
