import { useRef, useState } from 'react'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { listDrafts } from './tab-drafts.ts'
import type { SignOut } from './use-sign-out.ts'

/** The id of the page's notice saying why signing out failed (SignedInPage shows it under the header). */
export const SIGN_OUT_ERROR_ID = 'sign-out-error'

const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-5 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60'

/**
 * What this tab holds unsaved, by the names a rep knows: a prospect's company (or name) as typed, else
 * "a new prospect". Empty when nothing would be lost.
 */
export function describeUnsaved(): string[] {
  return listDrafts().map(({ value }) => {
    const kept = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
    for (const field of ['company_name', 'name'] as const) {
      const text = kept[field]
      if (typeof text === 'string' && text.trim() !== '') return text.trim()
    }
    return 'a new prospect'
  })
}

/** "Lakeside Dental", "Lakeside Dental and a new prospect", "A, B and C". */
const listInWords = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`

/**
 * Sign out, for the header. Signing out forgets this tab's unsaved prospect (whoever uses the browser
 * next must not find it), so with one in the tab it asks first, in a modal `<dialog>` that opens on
 * "Keep editing", the safe choice; without one it signs out at once.
 */
export function SignOutButton({ signOut }: { signOut: SignOut }) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLButtonElement>(null)
  const keepRef = useRef<HTMLButtonElement>(null)
  const leavingRef = useRef(false)
  const [unsaved, setUnsaved] = useState<string[]>([])

  const start = () => {
    const names = describeUnsaved()
    if (names.length === 0) {
      void signOut.leave()
      return
    }
    setUnsaved(names)
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    keepRef.current?.focus()
  }
  // Escape and Keep editing both end here: focus goes back to Sign out, unless the rep chose to leave.
  const onClose = () => {
    if (!leavingRef.current) openerRef.current?.focus()
    leavingRef.current = false
  }
  const leave = () => {
    leavingRef.current = true
    dialogRef.current?.close()
    void signOut.leave()
  }

  const words = listInWords(unsaved)
  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className={`${secondaryButtonClass} shrink-0 px-3 py-2`}
        onClick={start}
        disabled={signOut.busy}
        aria-describedby={signOut.error ? SIGN_OUT_ERROR_ID : undefined}
      >
        {signOut.busy ? 'Signing out…' : 'Sign out'}
      </button>
      <dialog
        ref={dialogRef}
        onClose={onClose}
        aria-labelledby="sign-out-heading"
        aria-describedby="sign-out-text"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-left text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id="sign-out-heading" className="text-lg font-bold tracking-tight break-words">
          Sign out and lose your unsaved changes?
        </h2>
        <p id="sign-out-text" className="mt-2 text-sm break-words text-slate-600 dark:text-slate-300">
          This tab has changes you have not saved to {words}. Signing out discards them, so that whoever uses
          this browser next cannot see them.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            ref={keepRef}
            type="button"
            className={secondaryButtonClass}
            onClick={() => dialogRef.current?.close()}
          >
            Keep editing
          </button>
          <button type="button" className={dangerButtonClass} onClick={leave}>
            Sign out and discard
          </button>
        </div>
      </dialog>
    </>
  )
}
