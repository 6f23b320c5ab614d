import { useCallback, useMemo, useState } from 'react'
import type { RepProspectSort } from '#core/rep-api.ts'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import { Link } from '../../../components/link.tsx'
import { getListSearch } from '../api/rep-endpoints.ts'
import { DELETED_PATH, IMPORT_PATH, NEW_PATH } from '../rep-paths.ts'
import { SignedInPage } from '../session/signed-in-page.tsx'
import { Alert } from '../ui/alert.tsx'
import { pageTitleClass, textLinkClass } from '../ui/field-styles.ts'
import { formatCount } from '../ui/format.ts'
import { BulkBar } from './bulk-bar.tsx'
import { MineEmpty } from './mine-empty.tsx'
import { OwnerFilter } from './owner-filter.tsx'
import { Pager } from './pager.tsx'
import { ProspectTable } from './prospect-table.tsx'
import { SearchBox } from './search-box.tsx'
import { SortSelect } from './sort-select.tsx'
import { useBulkSelection } from './use-bulk-selection.ts'
import { useListQuery } from './use-list-query.ts'
import { useProspectList } from './use-prospect-list.ts'

/** Route `/_/prospects` (and `/_/`): every prospect, searched, sorted, filtered and paged by the server. */
export function ProspectListPage() {
  return (
    <SignedInPage title="Prospects">
      <ProspectList />
    </SignedInPage>
  )
}

function ProspectList() {
  const [query, change] = useListQuery()
  const [retries, setRetries] = useState(0)
  const { load, shown } = useProspectList(query, retries)
  const search = useCallback((q: string) => change({ q, page: 1 }, true), [change])
  const sort = (by: RepProspectSort, dir: 'asc' | 'desc') => change({ sort: by, dir, page: 1 })
  const onlyMine = query.owner === 'me' && query.q === ''
  // A bulk action names the list's filter as the list sends it, its sort and page aside.
  const filterQuery = getListSearch({ ...query, sort: 'company', dir: 'asc', page: 1 })
  const filter = useMemo(() => ({ list: 'prospects' as const, query: filterQuery }), [filterQuery])
  const pageSlugs = useMemo(() => shown?.prospects.map((row) => row.slug) ?? [], [shown])
  const selection = useBulkSelection(pageSlugs, filter, shown?.total ?? 0)

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className={pageTitleClass}>Prospects</h1>
        <div className="flex flex-wrap gap-2">
          <Link href={NEW_PATH} className={`${primaryButtonClass} py-2.5`}>
            New prospect
          </Link>
          <Link href={IMPORT_PATH} className={`${secondaryButtonClass} py-2.5`}>
            Import CSV
          </Link>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap items-start gap-4">
        <SearchBox value={query.q} onSearch={search} />
        <OwnerFilter value={query.owner} onChange={(owner) => change({ owner, page: 1 })} />
        <SortSelect query={query} onSort={sort} className="min-w-0 flex-1 basis-36 lg:hidden" />
      </div>
      <div className="mt-6 space-y-4" aria-busy={load.status === 'loading'}>
        <p role="status" className="sr-only">
          {load.status === 'loading' ? 'Loading prospects…' : ''}
          {load.status === 'done' ? `${formatCount(load.value.total)} prospects` : ''}
        </p>
        {load.status === 'error' && (
          <div className="space-y-3">
            <Alert>{load.message}</Alert>
            <button type="button" className={secondaryButtonClass} onClick={() => setRetries((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
        {shown === null && load.status === 'loading' && (
          <p className="text-slate-600 dark:text-slate-400">Loading prospects…</p>
        )}
        {shown !== null && shown.total === 0 && load.status !== 'error' && onlyMine && (
          <MineEmpty onShowAll={() => change({ owner: 'all', page: 1 })} />
        )}
        {shown !== null && shown.total === 0 && load.status !== 'error' && !onlyMine && (
          <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {query.q !== '' || query.owner !== 'all'
              ? `No prospects match${query.q === '' ? ' this filter' : ` “${query.q}”`}.`
              : 'There are no prospects yet. Create one, or import a CSV file.'}
          </p>
        )}
        {shown !== null && shown.total > 0 && shown.prospects.length === 0 && load.status !== 'error' && (
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
            onChanged={() => setRetries((n) => n + 1)}
          />
        )}
        {shown !== null && shown.prospects.length > 0 && load.status !== 'error' && (
          <ProspectTable
            selection={selection}
            prospects={shown.prospects}
            query={query}
            onSort={sort}
            stale={load.status === 'loading'}
          />
        )}
        {shown !== null && shown.prospects.length > 0 && load.status !== 'error' && (
          <Pager
            page={shown.page}
            pageSize={shown.pageSize}
            total={shown.total}
            onPage={(page) => change({ page })}
          />
        )}
      </div>
      {/* A deleted prospect leaves the list; its last values and history stay readable there. */}
      <p className="mt-8 text-sm">
        <Link href={DELETED_PATH} className={textLinkClass}>
          Recently deleted prospects
        </Link>
      </p>
    </>
  )
}
