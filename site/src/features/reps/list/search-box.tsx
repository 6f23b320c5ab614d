import { type FormEvent, useEffect, useId, useState } from 'react'
import { inputClass, labelClass } from '../ui/field-styles.ts'

/** Long enough to let a word be typed, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * "Search": asks once typing pauses, or at once on Enter. `value` is the search in the address; when
 * Back or Forward changes it, the box shows it (but a search the box itself made keeps what is
 * typed, trailing space included).
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (query: string) => void }) {
  const [draft, setDraft] = useState(value)
  const [seen, setSeen] = useState(value)
  const id = useId()
  if (value !== seen) {
    setSeen(value)
    if (value !== draft.trim()) setDraft(value)
  }

  useEffect(() => {
    const query = draft.trim()
    if (query === value) return
    const timer = setTimeout(() => onSearch(query), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, value, onSearch])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (draft.trim() !== value) onSearch(draft.trim())
  }

  return (
    <search className="min-w-0 flex-1 basis-64">
      <form onSubmit={submit}>
        <label htmlFor={id} className={labelClass}>
          Search
        </label>
        <input
          id={id}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Company, name or slug"
          autoComplete="off"
          spellCheck={false}
          className={`${inputClass} mt-1.5`}
        />
      </form>
    </search>
  )
}
