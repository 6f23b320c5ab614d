import type { Rep } from '#core/rep-api.ts'
import { Link } from '../../../components/link.tsx'
import { PROFILE_PATH } from '../rep-paths.ts'
import { SignOutButton } from './sign-out-button.tsx'
import type { SignOut } from './use-sign-out.ts'

export { SIGN_OUT_ERROR_ID } from './sign-out-button.tsx'

/**
 * Who is signed in (email and role) and Sign out, for the header (use-sign-out.ts; it asks first when
 * the tab holds an unsaved prospect). The email leads to the rep's own profile (what prospects see of
 * them).
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
      <SignOutButton signOut={signOut} />
    </div>
  )
}
