import type { ReactNode } from 'react'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { REP_HOME_PATH } from '../rep-paths.ts'
import { Alert } from '../ui/alert.tsx'
import { RepFrame } from '../ui/rep-frame.tsx'
import { RepNav } from '../ui/rep-nav.tsx'
import { RepMenu, SIGN_OUT_ERROR_ID } from './rep-menu.tsx'
import { useSessionGate } from './use-session-gate.ts'
import { useSignOut } from './use-sign-out.ts'

/**
 * The frame of every page that needs a signed-in rep: the header with who is signed in, and the
 * page itself only once the session is known (until then a quiet "Checking…", or why it failed).
 */
export function SignedInPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title)
  const gate = useSessionGate()
  const signOut = useSignOut()
  return (
    <RepFrame
      mainClassName="px-4 pt-6 pb-16 sm:px-6 sm:pt-8"
      homeHref={REP_HOME_PATH}
      actions={gate.status === 'signed-in' ? <RepMenu rep={gate.session.rep} signOut={signOut} /> : null}
      nav={gate.status === 'signed-in' ? <RepNav isAdmin={gate.session.rep.role === 'admin'} /> : null}
      notice={
        signOut.error && (
          <p
            id={SIGN_OUT_ERROR_ID}
            role="alert"
            className="border-t border-red-200 bg-red-50 px-4 py-2 text-center text-sm break-words text-red-800 dark:border-red-500/30 dark:bg-red-950 dark:text-red-300"
          >
            {signOut.error}
          </p>
        )
      }
    >
      {gate.status === 'signed-in' && children}
      {gate.status === 'loading' && (
        <p role="status" className="text-slate-600 dark:text-slate-400">
          Checking that you are signed in…
        </p>
      )}
      {gate.status === 'error' && (
        <div className="max-w-xl space-y-4">
          <Alert>{gate.message}</Alert>
          <button type="button" className={secondaryButtonClass} onClick={gate.retry}>
            Try again
          </button>
        </div>
      )}
    </RepFrame>
  )
}
