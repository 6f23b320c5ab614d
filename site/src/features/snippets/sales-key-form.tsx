import { type FormEvent, useId, useState } from 'react'
import { secondaryButtonClass } from '../../components/button-styles.ts'
import { fieldClass, labelClass } from './field-styles.ts'
import type { SalesKey } from './use-sales-key.ts'

/**
 * "Sales key": the operator's key for the prospect list, used once submitted (not per keystroke,
 * so a half-typed key never goes out) and kept for this tab only; Forget removes it at once.
 */
export function SalesKeyForm({ salesKey }: { salesKey: SalesKey }) {
  const [draft, setDraft] = useState(salesKey.key ?? '')
  const fieldId = useId()
  const hintId = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const key = draft.trim()
    if (key) salesKey.save(key)
  }

  return (
    <form onSubmit={submit}>
      <label htmlFor={fieldId} className={labelClass}>
        Sales key
      </label>
      <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {salesKey.key
          ? 'Kept in this tab until you close it or press Forget.'
          : "Listing prospects needs the operator's sales key. Without it, type the prospect's slug above."}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id={fieldId}
          type="password"
          name="sales-key"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
          aria-describedby={hintId}
          className={`${fieldClass} flex-1 basis-48`}
        />
        <button type="submit" className={`${secondaryButtonClass} py-2.5`}>
          Use key
        </button>
        {salesKey.key && (
          <button
            type="button"
            className={`${secondaryButtonClass} py-2.5`}
            onClick={() => {
              setDraft('')
              salesKey.forget()
            }}
          >
            Forget
          </button>
        )}
      </div>
    </form>
  )
}
