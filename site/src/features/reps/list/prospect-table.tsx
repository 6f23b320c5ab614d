import type { RepProspectSort, RepProspectSummary } from '#core/rep-api.ts'
import { Link } from '../../../components/link.tsx'
import type { ListQuery } from '../api/rep-endpoints.ts'
import { getProspectPath } from '../rep-paths.ts'
import { formatDate, formatWho } from '../ui/format.ts'
import { CompanyMark } from './company-mark.tsx'
import { ScrollRegion } from './scroll-region.tsx'
import { SelectPageCell, SelectRowCell } from './selection-cells.tsx'
import { SortHeader } from './sort-header.tsx'
import type { BulkSelection } from './use-bulk-selection.ts'

interface ProspectTableProps {
  prospects: RepProspectSummary[]
  query: ListQuery
  onSort: (sort: RepProspectSort, dir: 'asc' | 'desc') => void
  /** A newer page is on its way: the rows shown are the previous answer's. */
  stale: boolean
  /** The rows the rep ticked for a bulk action. */
  selection: BulkSelection
}

// Baseline, not top: the slug's smaller monospace line sits on the same line as the name beside it.
const cell = 'px-3 py-3 align-baseline'

/**
 * The prospects of one page, each company linking to the prospect's page for reps. On a phone the
 * name and slug go under the company, and the owner column goes; should it still be wider than the
 * screen, it scrolls sideways in its frame rather than losing a column. Each row has its checkbox.
 */
export function ProspectTable({ prospects, query, onSort, stale, selection }: ProspectTableProps) {
  const sortProps = { query, onSort }
  return (
    <ScrollRegion label="Prospects, scrolls sideways">
      <table aria-busy={stale} className={`w-full text-sm ${stale ? 'opacity-60' : ''}`}>
        <caption className="sr-only">Prospects</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <SelectPageCell selection={selection} />
            <SortHeader sort="company" label="Company" {...sortProps} />
            <SortHeader sort="name" label="Name" className="hidden sm:table-cell" {...sortProps} />
            <SortHeader sort="slug" label="Slug" className="hidden lg:table-cell" {...sortProps} />
            <SortHeader sort="owner" label="Owner" className="hidden md:table-cell" {...sortProps} />
            <SortHeader sort="updated" label="Updated" {...sortProps} />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {prospects.map((prospect) => (
            <tr key={prospect.slug} className="hover:bg-slate-50 dark:hover:bg-slate-900/60">
              <SelectRowCell
                selection={selection}
                slug={prospect.slug}
                label={`${prospect.companyName} (${prospect.name})`}
              />
              <td className={`${cell} break-words`}>
                <div className="flex items-baseline gap-2">
                  <CompanyMark logo={prospect.logo} companyName={prospect.companyName} />
                  <div className="min-w-0">
                    <Link
                      href={getProspectPath(prospect.slug)}
                      className="rounded font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
                    >
                      {prospect.companyName}
                    </Link>
                    <span className="block text-slate-600 sm:hidden dark:text-slate-400">
                      {prospect.name}
                    </span>
                    <span className="block font-mono text-xs text-slate-600 lg:hidden dark:text-slate-400">
                      {prospect.slug}
                    </span>
                  </div>
                </div>
              </td>
              <td className={`${cell} hidden break-words sm:table-cell`}>{prospect.name}</td>
              <td className={`${cell} hidden font-mono text-xs break-all lg:table-cell`}>{prospect.slug}</td>
              <td className={`${cell} hidden break-all md:table-cell`}>{prospect.owner?.email ?? '—'}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={prospect.updated.at} title={`by ${formatWho(prospect.updated)}`}>
                  {formatDate(prospect.updated.at)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}
