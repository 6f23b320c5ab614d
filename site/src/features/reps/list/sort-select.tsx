import { useId } from 'react'
import type { RepProspectSort } from '#core/rep-api.ts'
import type { ListQuery } from '../api/rep-endpoints.ts'
import { labelClass, selectClass } from '../ui/field-styles.ts'
import { SORTS } from './list-query.ts'

const LABELS: Record<RepProspectSort, [string, string]> = {
  company: ['Company, A to Z', 'Company, Z to A'],
  name: ['Name, A to Z', 'Name, Z to A'],
  slug: ['Slug, A to Z', 'Slug, Z to A'],
  updated: ['Updated, oldest first', 'Updated, newest first'],
  owner: ['Owner, A to Z', 'Owner, Z to A'],
}

/**
 * "Sort by" for narrow screens, where some columns (and so their sort buttons) are not shown. The
 * same state as the column headers, in the address.
 */
export function SortSelect({
  query,
  onSort,
  className,
}: {
  query: ListQuery
  onSort: (sort: RepProspectSort, dir: 'asc' | 'desc') => void
  className: string
}) {
  const id = useId()
  const change = (value: string) => {
    const [sort, dir] = value.split(' ')
    const known = SORTS.find((name) => name === sort)
    if (known) onSort(known, dir === 'desc' ? 'desc' : 'asc')
  }
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        Sort by
      </label>
      <select
        id={id}
        value={`${query.sort} ${query.dir}`}
        onChange={(event) => change(event.target.value)}
        className={`${selectClass} mt-1.5`}
      >
        {SORTS.flatMap((sort) => [
          <option key={`${sort} asc`} value={`${sort} asc`}>
            {LABELS[sort][0]}
          </option>,
          <option key={`${sort} desc`} value={`${sort} desc`}>
            {LABELS[sort][1]}
          </option>,
        ])}
      </select>
    </div>
  )
}
