import type { ActivitySummary } from '#core/engagement.ts'
import { Link } from '../../../components/link.tsx'
import { ScrollRegion } from '../list/scroll-region.tsx'
import { SelectPageCell, SelectRowCell } from '../list/selection-cells.tsx'
import type { BulkSelection } from '../list/use-bulk-selection.ts'
import { getProspectPath } from '../rep-paths.ts'
import { formatCount } from '../ui/format.ts'
import { formatDuration } from './activity-format.ts'
import { HotBadge, StageBadge } from './stage-badge.tsx'
import { TimeAgo } from './time-ago.tsx'

interface ActivityTableProps {
  prospects: ActivitySummary[]
  /** The answer's server time, which "3 min ago" counts from. */
  now: Date
  /** A newer answer is on its way: the rows shown are the previous filters'. */
  stale: boolean
  /** The rows the rep ticked for a bulk action. */
  selection: BulkSelection
}

const cell = 'px-3 py-3 align-top'
const head = 'px-3 py-2.5 text-left font-semibold'

/**
 * The prospects with their engagement, each company linking to the prospect's page for reps. On a
 * phone the name and owner go under the company and the visits and talk time under the latest
 * activity; should it still be wider than the screen, it scrolls sideways in its frame (with a
 * shadow on the side that goes on) rather than cutting its last column off. Each row has its checkbox.
 */
export function ActivityTable({ prospects, now, stale, selection }: ActivityTableProps) {
  return (
    <ScrollRegion label="Prospects by latest activity, scrolls sideways">
      <table aria-busy={stale} className={`w-full text-sm ${stale ? 'opacity-60' : ''}`}>
        <caption className="sr-only">Prospects by latest activity</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <SelectPageCell selection={selection} />
            <th scope="col" className={head}>
              Prospect
            </th>
            <th scope="col" className={`${head} hidden md:table-cell`}>
              Owner
            </th>
            <th scope="col" className={head}>
              Status
            </th>
            <th scope="col" className={head}>
              Latest activity
            </th>
            <th scope="col" className={`${head} hidden text-right sm:table-cell`}>
              Visits
            </th>
            <th scope="col" className={`${head} hidden text-right sm:table-cell`}>
              Talk time
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {prospects.map((prospect) => (
            <tr key={prospect.slug} className="hover:bg-slate-50 dark:hover:bg-slate-900/60">
              <SelectRowCell
                selection={selection}
                slug={prospect.slug}
                label={`${prospect.companyName} (${prospect.name})`}
                className={cell}
              />
              <td className={`${cell} break-words`}>
                <Link
                  href={getProspectPath(prospect.slug)}
                  className="rounded font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
                >
                  {prospect.companyName}
                </Link>
                <span className="block text-slate-600 dark:text-slate-400">{prospect.name}</span>
                <span className="block break-all text-slate-600 md:hidden dark:text-slate-400">
                  {prospect.owner?.email ?? 'No owner'}
                </span>
              </td>
              <td className={`${cell} hidden break-all md:table-cell`}>{prospect.owner?.email ?? '—'}</td>
              <td className={cell}>
                <span className="flex flex-wrap items-start gap-2">
                  <StageBadge stage={prospect.stage} />
                  {prospect.hot && <HotBadge />}
                </span>
              </td>
              <td className={cell}>
                {prospect.latestAt === null ? (
                  <span className="text-slate-600 dark:text-slate-400">Nothing yet</span>
                ) : (
                  <TimeAgo at={prospect.latestAt} now={now} />
                )}
                <span className="block text-slate-600 sm:hidden dark:text-slate-400">
                  {formatCount(prospect.visits)} {prospect.visits === 1 ? 'visit' : 'visits'} · talked{' '}
                  {formatDuration(prospect.talkSeconds)}
                </span>
              </td>
              <td className={`${cell} hidden text-right tabular-nums sm:table-cell`}>
                {formatCount(prospect.visits)}
              </td>
              <td className={`${cell} hidden text-right tabular-nums sm:table-cell`}>
                {formatDuration(prospect.talkSeconds)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}
