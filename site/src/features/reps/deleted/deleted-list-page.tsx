import { useState } from 'react'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { BulkJob, DeletedProspectSummary } from '#core/rep-api.ts'
import { Link } from '../../../components/link.tsx'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { JobSteps } from '../list/bulk-bar.tsx'
import { bringBackBatch } from '../list/bulk-endpoints.ts'
import { Pager } from '../list/pager.tsx'
import { getDeletedProspectPath, LIST_PATH } from '../rep-paths.ts'
import { SignedInPage } from '../session/signed-in-page.tsx'
import { Alert } from '../ui/alert.tsx'
import { pageTitleClass, textLinkClass } from '../ui/field-styles.ts'
import { formatCount, formatDateTime, formatWho } from '../ui/format.ts'
import { listDeletedProspects } from './deleted-endpoints.ts'

/**
 * Route `/_/deleted`: the prospects deleted, the latest first, each with who deleted it and when;
 * each opens its last values and history. Prospects deleted together in a bulk action come back
 * together; one deleted alone comes back by creating it again.
 */
export function DeletedListPage() {
  return (
    <SignedInPage title="Recently deleted prospects">
      <DeletedList />
    </SignedInPage>
  )
}

const cell = 'px-3 py-3 align-top'

function DeletedList() {
  const [page, setPage] = useState(1)
  const [reloads, setReloads] = useState(0)
  const [restored, setRestored] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  // A batch of thousands comes back as a job on the server: the page shows how it goes.
  const [job, setJob] = useState<BulkJob | null>(null)
  const state = useKeyedLoad(`${page}#${reloads}`, loadPage, { failedMessage: UNAVAILABLE_MESSAGE })
  const bringBack = async (batchId: string) => {
    setFailure(null)
    try {
      const answer = await bringBackBatch(batchId, setJob)
      setRestored(
        `Brought back ${formatCount(answer.restored)} ${answer.restored === 1 ? 'prospect' : 'prospects'}.` +
          (answer.slugTaken.length > 0
            ? ` Left deleted, as a new prospect has their link now: ${answer.slugTaken.join(', ')}.`
            : ''),
      )
      setReloads((n) => n + 1)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : UNAVAILABLE_MESSAGE)
    }
  }
  return (
    <>
      <Link href={LIST_PATH} className={textLinkClass}>
        ← Prospects
      </Link>
      <h1 className={`${pageTitleClass} mt-3`}>Recently deleted prospects</h1>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
        Their pages show the general demo now. What each one was, and its history, stay here to read.
      </p>
      <div className="mt-6 space-y-4">
        <div aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
          {job === null ? (
            <p>{restored}</p>
          ) : (
            <>
              <p>
                Bringing back {formatCount(job.total)} prospects on the server, with what they did: all of
                them at once, or none if it fails. This page shows the outcome when it is done.
              </p>
              <JobSteps job={job} />
            </>
          )}
        </div>
        {failure !== null && <Alert>{failure}</Alert>}
        {state.status === 'loading' && (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            Loading deleted prospects…
          </p>
        )}
        {state.status === 'error' && <Alert>{state.message}</Alert>}
        {state.status === 'done' && state.value.total === 0 && (
          <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No prospect has been deleted.
          </p>
        )}
        {state.status === 'done' && state.value.prospects.length > 0 && (
          <>
            <DeletedTable prospects={state.value.prospects} onBringBack={bringBack} />
            <Pager
              page={state.value.page}
              pageSize={state.value.pageSize}
              total={state.value.total}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </>
  )
}

/** The key carries a reload count after `#`, so a list changed by a restore is asked anew. */
const loadPage = (key: string, signal: AbortSignal) =>
  listDeletedProspects(key.slice(0, key.indexOf('#')), signal)

function DeletedTable({
  prospects,
  onBringBack,
}: {
  prospects: DeletedProspectSummary[]
  onBringBack: (batchId: string) => void
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800">
      <table className="w-full text-sm">
        <caption className="sr-only">Deleted prospects</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-left text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <th scope="col" className={cell}>
              Company
            </th>
            <th scope="col" className={`${cell} hidden md:table-cell`}>
              Owner
            </th>
            <th scope="col" className={cell}>
              Deleted
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {prospects.map((prospect) => (
            <tr key={prospect.id}>
              <td className={`${cell} break-words`}>
                <Link
                  href={getDeletedProspectPath(prospect.id)}
                  className="rounded font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
                >
                  {prospect.companyName ?? prospect.slug}
                </Link>
                <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">
                  {prospect.slug}
                </span>
              </td>
              <td className={`${cell} hidden break-all md:table-cell`}>{prospect.owner?.email ?? '—'}</td>
              <td className={cell}>
                <time dateTime={prospect.deleted.at}>{formatDateTime(prospect.deleted.at)}</time>
                <span className="block break-all text-slate-600 dark:text-slate-400">
                  by {formatWho(prospect.deleted)}
                </span>
                {prospect.batchId !== null && (
                  <button
                    type="button"
                    className={`${textLinkClass} mt-1 text-left`}
                    onClick={() => onBringBack(prospect.batchId as string)}
                  >
                    Bring back with the others deleted together
                    <span className="sr-only"> ({prospect.companyName ?? prospect.slug})</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
