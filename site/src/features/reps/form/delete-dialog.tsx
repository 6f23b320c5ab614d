import { useRef, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { deleteProspect } from '../api/rep-endpoints.ts'
import { Alert } from '../ui/alert.tsx'

const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-5 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60'

interface DeleteProspectProps {
  slug: string
  companyName: string
  onDeleted: () => void
}

/**
 * "Delete prospect", confirmed in a modal `<dialog>`: it opens with focus on Cancel (the safe
 * choice), keeps focus inside, closes on Escape, and gives focus back to the button that opened it.
 */
export function DeleteProspect({ slug, companyName, onDeleted }: DeleteProspectProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLButtonElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  // Opened straight from the click, not from state: the dialog's close event arrives a task after
  // Escape, and a click in between (Escape, then Enter at once) must still open it.
  const openDialog = () => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (!dialog.open) dialog.showModal()
    cancelRef.current?.focus()
  }

  const close = () => {
    dialogRef.current?.close()
  }
  // Escape and close() both end here, so focus goes back whichever way the dialog closed.
  const onClose = () => {
    setError(null)
    openerRef.current?.focus()
  }

  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await deleteProspect(slug)
      dialogRef.current?.close()
      onDeleted()
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
      setBusy(false)
    }
  }

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className={`${secondaryButtonClass} text-red-700 dark:text-red-400`}
        onClick={openDialog}
      >
        Delete prospect
      </button>
      <dialog
        ref={dialogRef}
        onClose={onClose}
        aria-labelledby="delete-heading"
        aria-describedby="delete-text"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id="delete-heading" className="text-lg font-bold tracking-tight break-words">
          Delete {companyName}?
        </h2>
        <p id="delete-text" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Its page <span className="font-mono break-all">/{slug}</span> and any snippet already pasted will
          show the general demo instead. Its history is kept.
        </p>
        {error && <Alert className="mt-4">{error}</Alert>}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button ref={cancelRef} type="button" className={secondaryButtonClass} onClick={close}>
            Cancel
          </button>
          <button type="button" className={dangerButtonClass} onClick={confirm} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </dialog>
    </>
  )
}
