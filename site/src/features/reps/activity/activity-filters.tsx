import { useCallback, useId } from 'react'
import { ENGAGEMENT_STAGES, STAGE_LABELS } from '#core/engagement.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { OwnerFilter } from '../list/owner-filter.tsx'
import { SearchBox } from '../list/search-box.tsx'
import { labelClass, selectClass } from '../ui/field-styles.ts'
import type { ActivityQuery } from './activity-endpoints.ts'

interface ActivityFiltersProps {
  query: ActivityQuery
  onChange: (change: Partial<ActivityQuery>, replace?: boolean) => void
}

/**
 * Search, owner (with "Mine" one click away), stage and hot only. Every change starts again at page
 * 1; the address keeps them (use-activity-query.ts).
 */
export function ActivityFilters({ query, onChange }: ActivityFiltersProps) {
  const stageId = useId()
  const search = useCallback((q: string) => onChange({ q, page: 1 }, true), [onChange])
  const mine = query.owner === 'me'
  return (
    <div className="flex flex-wrap items-end gap-4">
      <SearchBox value={query.q} onSearch={search} />
      <OwnerFilter value={query.owner} onChange={(owner) => onChange({ owner, page: 1 })} />
      <button
        type="button"
        aria-pressed={mine}
        className={`${secondaryButtonClass} py-2.5 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800 dark:aria-pressed:border-indigo-400 dark:aria-pressed:bg-indigo-500/15 dark:aria-pressed:text-indigo-200`}
        onClick={() => onChange({ owner: mine ? 'all' : 'me', page: 1 })}
      >
        Mine only
      </button>
      <div className="min-w-0 flex-1 basis-36 sm:flex-none">
        <label htmlFor={stageId} className={labelClass}>
          Stage
        </label>
        <select
          id={stageId}
          value={query.stage}
          onChange={(event) => onChange({ stage: event.target.value as ActivityQuery['stage'], page: 1 })}
          className={`${selectClass} mt-1.5 sm:w-48`}
        >
          <option value="">Any stage</option>
          {ENGAGEMENT_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {STAGE_LABELS[stage]}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 py-2.5 text-sm font-semibold">
        <input
          type="checkbox"
          checked={query.hot}
          onChange={(event) => onChange({ hot: event.target.checked, page: 1 })}
          className="size-5 rounded border-slate-400 accent-indigo-600"
        />
        Hot only
      </label>
    </div>
  )
}
