import { useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { Rep } from '#core/rep-api.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { signOut } from '../api/rep-endpoints.ts'
import { markSignedOut } from './session-store.ts'

/**
 * Who is signed in (email and role) and Sign out, for the header. Signing out ends the session on
 * the server (`DELETE session`, with the CSRF token), and only then here: if the server could not be
 * told, the cookie still works, so the rep is told rather than shown a sign-in page that lies.
 */
export function RepMenu({ rep }: { rep: Rep }) {
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
    markSignedOut(true) // the page's gate shows sign-in
  }

  return (
    <div className="flex min-w-0 items-center gap-2 sm:gap-3">
      <p className="min-w-0 text-right text-xs leading-tight sm:text-sm">
        <span className="block truncate font-semibold" title={rep.email}>
          {rep.email}
        </span>
        <span className="block text-slate-600 dark:text-slate-400">
          {rep.role === 'admin' ? 'Admin' : 'Rep'}
        </span>
      </p>
      <button
        type="button"
        className={`${secondaryButtonClass} shrink-0 px-3 py-2`}
        onClick={leave}
        disabled={busy}
        aria-describedby={error ? 'sign-out-error' : undefined}
      >
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
      {error && (
        <p
          id="sign-out-error"
          role="alert"
          className="absolute inset-x-0 top-16 border-b border-red-200 bg-red-50 px-4 py-2 text-center text-sm text-red-800 dark:border-red-500/30 dark:bg-red-950 dark:text-red-300"
        >
          {error}
        </p>
      )}
    </div>
  )
}
