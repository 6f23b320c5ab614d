import type { Rep } from '#core/rep-api.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { Link } from '../../../components/link.tsx'
import { PROFILE_PATH } from '../rep-paths.ts'
import type { SignOut } from './use-sign-out.ts'

/** The id of the page's notice saying why signing out failed (SignedInPage shows it under the header). */
export const SIGN_OUT_ERROR_ID = 'sign-out-error'

/**
 * Who is signed in (email and role) and Sign out, for the header (use-sign-out.ts). The email leads to
 * the rep's own profile (what prospects see of them).
 */
export function RepMenu({ rep, signOut }: { rep: Rep; signOut: SignOut }) {
  return (
    <div className="flex min-w-0 items-center gap-2 sm:gap-3">
      <p className="min-w-0 text-right text-xs leading-tight sm:text-sm">
        <Link
          href={PROFILE_PATH}
          className="block truncate font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          title={`${rep.email}: your profile`}
        >
          {rep.email}
        </Link>
        <span className="block text-slate-600 dark:text-slate-400">
          {rep.role === 'admin' ? 'Admin' : 'Rep'}
        </span>
      </p>
      <button
        type="button"
        className={`${secondaryButtonClass} shrink-0 px-3 py-2`}
        onClick={signOut.leave}
        disabled={signOut.busy}
        aria-describedby={signOut.error ? SIGN_OUT_ERROR_ID : undefined}
      >
        {signOut.busy ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  )
}
