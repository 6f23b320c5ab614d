import { useEffect, useRef } from 'react'
import type { BulkSelection } from './use-bulk-selection.ts'

// 24 px: the smallest target WCAG 2.2 (2.5.8) accepts whatever sits near it, as rows and their links
// do on a phone.
const box =
  'relative size-6 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-600'

/** The header's checkbox: every row of this page, shown half-ticked when some are. */
export function SelectPageCell({ selection }: { selection: BulkSelection }) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.pageState === 'some'
  }, [selection.pageState])
  return (
    <th scope="col" className="w-10 px-3 py-2.5 text-left">
      <input
        ref={ref}
        type="checkbox"
        className={box}
        aria-label="Select all on this page"
        checked={selection.pageState === 'all'}
        onChange={selection.togglePage}
      />
    </th>
  )
}

/** A row's checkbox, named by the company (and the person, as two companies may share a name). */
export function SelectRowCell({
  selection,
  slug,
  label,
  className = 'px-3 py-3 align-baseline',
}: {
  selection: BulkSelection
  slug: string
  label: string
  className?: string
}) {
  return (
    <td className={`w-10 ${className}`}>
      <input
        type="checkbox"
        className={box}
        aria-label={`Select ${label}`}
        checked={selection.isSelected(slug)}
        onChange={() => selection.toggle(slug)}
      />
    </td>
  )
}
