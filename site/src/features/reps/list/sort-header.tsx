import type { RepProspectSort } from '#core/rep-api.ts'
import type { ListQuery } from '../api/rep-endpoints.ts'
import { getFirstDirection } from './list-query.ts'

interface SortHeaderProps {
  sort: RepProspectSort
  label: string
  query: ListQuery
  onSort: (sort: RepProspectSort, dir: 'asc' | 'desc') => void
  className?: string
}

/**
 * A column header that sorts by its column: announced with `aria-sort` when it is the sort, and
 * pressed again it turns the order round.
 */
export function SortHeader({ sort, label, query, onSort, className = '' }: SortHeaderProps) {
  const active = query.sort === sort
  const next = active ? (query.dir === 'asc' ? 'desc' : 'asc') : getFirstDirection(sort)
  return (
    <th
      scope="col"
      aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-3 py-2 text-left font-semibold ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(sort, next)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-1 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-indigo-300 dark:focus-visible:outline-indigo-400"
      >
        {label}
        <span aria-hidden="true" className={active ? '' : 'text-slate-400 dark:text-slate-500'}>
          {active ? (query.dir === 'asc' ? '↑' : '↓') : '↕'}
        </span>
      </button>
    </th>
  )
}
