import { useMemo } from 'react'
import { ACTIVITY_REFRESH_MS, HOT_RULE_TEXT } from '#core/engagement.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { BulkBar } from '../list/bulk-bar.tsx'
import { MineEmpty } from '../list/mine-empty.tsx'
import { Pager } from '../list/pager.tsx'
import { useBulkSelection } from '../list/use-bulk-selection.ts'
import { SignedInPage } from '../session/signed-in-page.tsx'
import { Alert } from '../ui/alert.tsx'
import { pageTitleClass, textLinkClass } from '../ui/field-styles.ts'
import { formatCount } from '../ui/format.ts'
import {
  getActivityCsvUrl,
  getActivityFilterSearch,
  getActivitySearch,
  listActivity,
} from './activity-endpoints.ts'
import { ActivityFilters } from './activity-filters.tsx'
import { ActivityTable } from './activity-table.tsx'
import { FunnelSection } from './funnel-section.tsx'
import { UpdatedLine } from './updated-line.tsx'
import { useActivityQuery } from './use-activity-query.ts'
import { useLiveAnswer } from './use-live-answer.ts'

/** Route `/_/activity`: every prospect by latest activity, filtered, paged, kept up to date while open. */
export function ActivityPage() {
  return (
    <SignedInPage title="Activity">
      <Activity />
    </SignedInPage>
  )
}

function Activity() {
  const [query, change] = useActivityQuery()
  const live = useLiveAnswer(getActivitySearch(query), listActivity, ACTIVITY_REFRESH_MS)
  const { shown } = live
  const filtered = query.q !== '' || query.owner !== 'all' || query.stage !== '' || query.hot
  const onlyMine = query.owner === 'me' && query.q === '' && query.stage === '' && !query.hot
  // A bulk action names the list's filters as the list sends them, its page aside.
  const filterQuery = getActivityFilterSearch(query)
  const filter = useMemo(() => ({ list: 'activity' as const, query: filterQuery }), [filterQuery])
  const pageSlugs = useMemo(() => shown?.prospects.map((row) => row.slug) ?? [], [shown])
  const selection = useBulkSelection(pageSlugs, filter, shown?.total ?? 0)

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className={pageTitleClass}>Activity</h1>
        <a href={getActivityCsvUrl(query)} download className={`${secondaryButtonClass} py-2.5`}>
          Export CSV
        </a>
      </div>
      <div className="mt-6">
        <ActivityFilters query={query} onChange={change} />
      </div>
      <div className="mt-6">
        <FunnelSection query={query} onChange={change} />
      </div>
      <div className="mt-6 space-y-4" aria-busy={live.loading}>
        {/* Said once per list, not per refresh: the count only changes when the list does. */}
        <p role="status" className="sr-only">
          {live.loading && shown === null ? 'Loading activity…' : ''}
          {shown !== null ? `${formatCount(shown.total)} prospects` : ''}
        </p>
        {live.error !== null && shown === null && (
          <div className="space-y-3">
            <Alert>{live.error}</Alert>
            <button type="button" className={secondaryButtonClass} onClick={live.retry}>
              Try again
            </button>
          </div>
        )}
        {shown === null && live.loading && (
          <p className="text-slate-600 dark:text-slate-400">Loading activity…</p>
        )}
        {shown !== null && <UpdatedLine updatedAt={live.updatedAt} error={live.error} />}
        {shown !== null && shown.total === 0 && onlyMine && (
          <MineEmpty onShowAll={() => change({ owner: 'all', page: 1 })} />
        )}
        {shown !== null && shown.total === 0 && !onlyMine && (
          <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {filtered ? 'No prospects match these filters.' : 'There are no prospects yet.'}
          </p>
        )}
        {shown !== null && shown.total > 0 && shown.prospects.length === 0 && (
          <p className="text-slate-600 dark:text-slate-400">
            This page is past the end of the list.{' '}
            <button type="button" className={textLinkClass} onClick={() => change({ page: 1 })}>
              Go to the first page
            </button>
          </p>
        )}
        {shown !== null && (
          <BulkBar
            selection={selection}
            pageCount={shown.prospects.length}
            total={shown.total}
            onChanged={live.retry}
          />
        )}
        {shown !== null && shown.prospects.length > 0 && (
          <>
            <ActivityTable
              prospects={shown.prospects}
              now={new Date(shown.asOf)}
              stale={live.loading}
              selection={selection}
            />
            <Pager
              page={shown.page}
              pageSize={shown.pageSize}
              total={shown.total}
              onPage={(page) => change({ page })}
            />
          </>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <span className="font-semibold text-slate-900 dark:text-white">About “Hot”.</span>{' '}
          {HOT_RULE_TEXT.replace(/^Hot: a/, 'A')}
        </p>
      </div>
    </>
  )
}
