import { type FormEvent, useId, useState } from 'react'
import { isValidSlug, SLUG_RULE_MESSAGE } from '#core/prospect.ts'
import { primaryButtonClass } from '../../components/button-styles.ts'
import { fieldClass, labelClass } from './field-styles.ts'

interface SlugFormProps {
  /** The slug picked so far; the field starts from it (give the form `key={slug}` to follow picks). */
  slug: string | null
  onPick: (slug: string) => void
}

/**
 * "Prospect slug": checked against the site's slug rule before anything is asked, so a typo gets
 * the rule at once instead of the page for unknown visitors.
 */
export function SlugForm({ slug, onPick }: SlugFormProps) {
  const [draft, setDraft] = useState(slug ?? '')
  const [invalid, setInvalid] = useState(false)
  const fieldId = useId()
  const errorId = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next = draft.trim()
    setInvalid(!isValidSlug(next))
    if (isValidSlug(next)) onPick(next)
  }

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={fieldId} className={labelClass}>
        Prospect slug
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id={fieldId}
          name="slug"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value)
            setInvalid(false)
          }}
          placeholder="bright-smile-dental"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          className={`${fieldClass} flex-1 basis-48 font-mono`}
        />
        <button type="submit" className={primaryButtonClass}>
          Look up
        </button>
      </div>
      {invalid && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {SLUG_RULE_MESSAGE}
        </p>
      )}
    </form>
  )
}
