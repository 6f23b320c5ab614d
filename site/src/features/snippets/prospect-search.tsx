import { useId, useState } from 'react'
import { SALES_PROSPECTS_LIMIT, type SalesProspect } from '#core/sales-prospects.ts'
import { fieldClass, labelClass } from './field-styles.ts'
import { useProspectSearch } from './use-prospect-search.ts'

interface ProspectSearchProps {
  salesKey: string
  onPick: (slug: string) => void
}

/** Search by name, company or slug (with the sales key); picking a result fills the slug. */
export function ProspectSearch({ salesKey, onPick }: ProspectSearchProps) {
  const [query, setQuery] = useState('')
  const state = useProspectSearch(query, salesKey)
  const fieldId = useId()
  const resultsId = useId()

  return (
    <div>
      <label htmlFor={fieldId} className={labelClass}>
        Search prospects
      </label>
      <input
        id={fieldId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Name, company or slug"
        autoComplete="off"
        aria-controls={resultsId}
        className={`${fieldClass} mt-2`}
      />
      <div id={resultsId} aria-busy={state.status === 'loading'} className="mt-3">
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {getSummary(state, query.trim())}
        </p>
        {state.status === 'error' && (
          <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {state.message}
          </p>
        )}
        {state.status === 'done' && state.prospects.length > 0 && (
          <ul className="mt-2 max-h-80 divide-y divide-slate-200 overflow-y-auto rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {state.prospects.map((prospect) => (
              <li key={prospect.slug}>
                <ResultButton prospect={prospect} onPick={onPick} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

function ResultButton({ prospect, onPick }: { prospect: SalesProspect; onPick: (slug: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onPick(prospect.slug)}
      className="block w-full px-4 py-2.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400"
    >
      <span className="block font-semibold break-words text-slate-900 dark:text-white">
        {prospect.companyName}
      </span>
      <span className="block text-sm break-words text-slate-600 dark:text-slate-400">
        {prospect.name} · <span className="font-mono">{prospect.slug}</span>
      </span>
    </button>
  )
}

function getSummary(state: ReturnType<typeof useProspectSearch>, query: string): string {
  if (state.status === 'loading') return 'Searching…'
  if (state.status === 'error') return 'The search failed.'
  if (state.status === 'idle') return ''
  const count = state.prospects.length
  if (count === 0) return query ? `No prospects match “${query}”.` : 'There are no prospects yet.'
  return `${count === 1 ? '1 prospect' : `${count} prospects`}${count >= SALES_PROSPECTS_LIMIT ? ` (the first ${SALES_PROSPECTS_LIMIT})` : ''}. Pick one:`
}
