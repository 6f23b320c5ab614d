import { useId, useRef, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { Alert } from '../ui/alert.tsx'

const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-5 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60'

interface ConfirmButtonProps {
  /** The button that opens the dialog. */
  label: string
  /** The dialog's heading: the question. */
  title: string
  /** What will happen, in plain words. */
  text: string
  /** The dialog's button that does it, and its words while it runs. */
  confirmLabel: string
  busyLabel: string
  /** Does it; a rejection is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>
}

/**
 * A change that is hard to undo, confirmed in a modal `<dialog>` (as deleting a prospect is): it opens
 * with focus on Cancel, keeps focus inside, closes on Escape, and gives focus back to its button when
 * cancelled. Once done, the page moves focus to what it says about the change.
 */
export function ConfirmButton({
  label,
  title,
  text,
  confirmLabel,
  busyLabel,
  onConfirm,
}: ConfirmButtonProps) {
  const id = useId()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLButtonElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const doneRef = useRef(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  // Opened straight from the click, not from state, so Escape then Enter at once still opens it.
  const openDialog = () => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (!dialog.open) dialog.showModal()
    cancelRef.current?.focus()
  }
  const onClose = () => {
    setError(null)
    setBusy(false)
    if (!doneRef.current) openerRef.current?.focus()
    doneRef.current = false
  }
  const confirm = async () => {
    setBusy(true)
    setError(null)
    try {
      await onConfirm()
      doneRef.current = true
      dialogRef.current?.close()
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
      setBusy(false)
    }
  }

  return (
    <>
      <button ref={openerRef} type="button" className={`${secondaryButtonClass} py-2`} onClick={openDialog}>
        {label}
      </button>
      <dialog
        ref={dialogRef}
        onClose={onClose}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id={`${id}-title`} className="text-lg font-bold tracking-tight break-words">
          {title}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {text}
        </p>
        {error && <Alert className="mt-4">{error}</Alert>}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            ref={cancelRef}
            type="button"
            className={secondaryButtonClass}
            onClick={() => dialogRef.current?.close()}
          >
            Cancel
          </button>
          <button type="button" className={dangerButtonClass} onClick={confirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  )
}
