import { useEffect, useId, useState } from 'react'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { BULK_EXPORT_FILE, type BulkJob, type BulkRequest, type BulkResult } from '#core/rep-api.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { listReps } from '../api/rep-endpoints.ts'
import { Alert } from '../ui/alert.tsx'
import { labelClass, selectClass, textLinkClass } from '../ui/field-styles.ts'
import { formatCount } from '../ui/format.ts'
import { bringBackBatch, exportBulkCsv, followBulkJob, sendBulkAction } from './bulk-endpoints.ts'
import type { BulkSelection } from './use-bulk-selection.ts'

const loadReps = (_key: string, signal: AbortSignal) => listReps(signal)

const smallButton = `${secondaryButtonClass} px-3 py-2`
const dangerButton =
  'inline-flex items-center justify-center rounded-xl bg-red-700 px-3 py-2 text-sm font-semibold text-white transition hover:bg-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 dark:bg-red-600 dark:hover:bg-red-500'

type Outcome =
  | { kind: 'result'; result: BulkResult }
  | { kind: 'exported'; rows: number }
  | { kind: 'restored'; restored: number; slugTaken: string[] }
  | { kind: 'failed'; message: string }

const prospects = (n: number) => `${formatCount(n)} ${n === 1 ? 'prospect' : 'prospects'}`

/**
 * The selection's bar above a list: how many are selected (and "select all N matching" once the whole
 * page is), then reassign, delete (asked first, undone after), re-read websites, and export for a mail
 * merge. What the server did is said in a status line; rows it left alone are listed with why.
 */
export function BulkBar({
  selection,
  pageCount,
  total,
  onChanged,
}: {
  selection: BulkSelection
  /** Rows on the page shown. */
  pageCount: number
  /** Prospects the list's filter matches. */
  total: number
  /** Something was written: the list reads its page again. */
  onChanged: () => void
}) {
  const [owner, setOwner] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const [job, setJob] = useState<BulkJob | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const ownerId = useId()
  const reps = useKeyedLoad('reps', loadReps, { failedMessage: UNAVAILABLE_MESSAGE })
  const owners = reps.status === 'done' ? reps.value.reps.filter((rep) => !rep.disabled) : []
  const count = selection.count

  const run = async (label: string, work: () => Promise<Outcome>) => {
    setBusy(label)
    setConfirming(false)
    try {
      setOutcome(await work())
    } catch (error) {
      setOutcome({ kind: 'failed', message: error instanceof Error ? error.message : UNAVAILABLE_MESSAGE })
    } finally {
      setBusy(null)
    }
  }
  const write = (request: BulkRequest) =>
    run(request.action, async () => {
      const answer = await sendBulkAction(request)
      const result = 'result' in answer ? answer.result : (await followBulkJob(answer.job, setJob)).result
      if (result === null) throw new Error(UNAVAILABLE_MESSAGE)
      selection.clear()
      onChanged()
      return { kind: 'result', result }
    })
  const exportCsv = () =>
    run('export', async () => {
      const csv = await exportBulkCsv({ action: 'export', ...selection.target() })
      download(csv)
      return { kind: 'exported', rows: Math.max(0, csv.split('\r\n').length - 2) }
    })
  const undo = (batchId: string) =>
    run('undo', async () => {
      const answer = await bringBackBatch(batchId, setJob)
      onChanged()
      return { kind: 'restored', restored: answer.restored, slugTaken: answer.slugTaken }
    })

  return (
    <section aria-label="Selected prospects" className="space-y-3">
      {count > 0 && (
        <div className="flex flex-wrap items-end gap-3 rounded-2xl border border-indigo-200 bg-indigo-50/60 p-3 dark:border-indigo-500/30 dark:bg-indigo-500/10">
          <p className="w-full text-sm font-semibold text-slate-900 dark:text-white">
            {selection.allMatching
              ? `All ${prospects(count)} matching this filter selected`
              : `${prospects(count)} selected`}
            {!selection.allMatching && selection.pageState === 'all' && total > pageCount && (
              <>
                {' · '}
                <button type="button" className={textLinkClass} onClick={selection.selectAllMatching}>
                  Select all {prospects(total)} matching this filter
                </button>
              </>
            )}
            {' · '}
            <button type="button" className={textLinkClass} onClick={selection.clear}>
              Clear selection
            </button>
          </p>
          <div className="flex min-w-0 flex-wrap items-end gap-2">
            <div className="min-w-0">
              <label htmlFor={ownerId} className={`${labelClass} text-xs`}>
                New owner
              </label>
              <select
                id={ownerId}
                value={owner}
                onChange={(event) => setOwner(event.target.value)}
                className={`${selectClass} mt-1 py-2 sm:w-56`}
              >
                <option value="">Choose a rep…</option>
                {owners.map((rep) => (
                  <option key={rep.id} value={rep.id}>
                    {rep.email}
                  </option>
                ))}
                <option value="nobody">Nobody</option>
              </select>
            </div>
            <button
              type="button"
              className={smallButton}
              disabled={owner === '' || busy !== null}
              onClick={() =>
                write({
                  action: 'reassign',
                  ...selection.target(),
                  ownerId: owner === 'nobody' ? null : owner,
                })
              }
            >
              Reassign
            </button>
          </div>
          <button
            type="button"
            className={smallButton}
            disabled={busy !== null}
            onClick={() => write({ action: 'reread', ...selection.target() })}
          >
            Re-read websites
          </button>
          <button type="button" className={smallButton} disabled={busy !== null} onClick={exportCsv}>
            Export CSV for mail merge
          </button>
          {confirming ? (
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-slate-900 dark:text-white">Delete {prospects(count)}?</span>
              <button
                type="button"
                className={dangerButton}
                disabled={busy !== null}
                onClick={() => write({ action: 'delete', ...selection.target() })}
              >
                Yes, delete
              </button>
              <button type="button" className={smallButton} onClick={() => setConfirming(false)}>
                Keep them
              </button>
            </span>
          ) : (
            <button
              type="button"
              className={smallButton}
              disabled={busy !== null}
              onClick={() => setConfirming(true)}
            >
              Delete…
            </button>
          )}
        </div>
      )}
      <div aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
        {busy !== null && job === null && <p>Working on {prospects(count)}…</p>}
        {busy !== null && job !== null && (
          <p>
            {WORKING[job.action]} {prospects(job.total)} on the server: all of them at once, or none if it
            fails. This page shows the outcome when it is done.
          </p>
        )}
        {busy !== null && job !== null && <JobSteps job={job} />}
        {busy === null && outcome !== null && outcome.kind !== 'failed' && (
          <OutcomeText outcome={outcome} onUndo={undo} />
        )}
      </div>
      {busy === null && outcome?.kind === 'failed' && <Alert>{outcome.message}</Alert>}
    </section>
  )
}

/** What the one writing transaction is doing, as the progressbar's name. */
const WRITING: Record<BulkJob['action'], string> = {
  reassign: 'Writing the change',
  delete: 'Writing the change',
  reread: 'Writing the change',
  restore: 'Bringing the prospects back',
}

/** The bar's height, inline: a new utility class would grow the one stylesheet every page carries. */
const BAR = 10

/**
 * How far a large action has come, as the server knows it: rows checked of all, then the write,
 * which is one transaction with nothing to count, so it is shown as going on and for how long. The
 * live region above says each tenth of the check and the write's start, not every poll's number.
 */
export function JobSteps({ job }: { job: BulkJob }) {
  if (job.status !== 'running') return null
  const writing = job.phase === 'writing'
  const label = writing ? WRITING[job.action] : 'Checking the prospects'
  const tenth = Math.floor((job.checked / Math.max(job.total, 1)) * 10) * 10
  return (
    <div className="mt-2 space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={writing ? undefined : 0}
        aria-valuemax={writing ? undefined : job.total}
        aria-valuenow={writing ? undefined : job.checked}
        aria-valuetext={
          writing ? 'Writing' : `Checked ${formatCount(job.checked)} of ${formatCount(job.total)}`
        }
        className="rounded-full bg-slate-100 dark:bg-slate-800"
        style={{ height: BAR }}
      >
        <div
          className={
            writing
              ? 'rounded-full bg-indigo-500/30 dark:bg-indigo-400/20'
              : 'rounded-full bg-indigo-600 dark:bg-indigo-400'
          }
          style={{
            height: BAR,
            width: writing ? '100%' : `${(job.checked / Math.max(job.total, 1)) * 100}%`,
          }}
        />
      </div>
      <p aria-hidden="true">
        {writing ? (
          <>
            Writing… <Elapsed since={job.writingSince} />
          </>
        ) : (
          <>
            Checked {formatCount(job.checked)} of {formatCount(job.total)}
            {job.refused > 0 && ` · ${formatCount(job.refused)} you may not change, left as they are`}
          </>
        )}
      </p>
      <p className="sr-only">{writing ? 'Writing…' : `Checked ${tenth} %`}</p>
    </div>
  )
}

/**
 * Seconds since the write began, counted by this page from when it first saw it (the server's clock
 * and the browser's may differ): the write is one transaction, so time is all there is to show.
 */
function Elapsed({ since }: { since: string | null }) {
  const [seenAt] = useState(() => Date.now())
  const [now, setNow] = useState(seenAt)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  if (since === null) return null
  return <span className="tabular-nums">{Math.max(0, Math.round((now - seenAt) / 1000))} s</span>
}

const WORKING: Record<BulkJob['action'], string> = {
  reassign: 'Reassigning',
  delete: 'Deleting',
  reread: 'Queueing the websites of',
  restore: 'Bringing back',
}

const DONE: Record<BulkResult['action'], string> = {
  reassign: 'Reassigned',
  delete: 'Deleted',
  reread: 'Queued the websites of',
}

function OutcomeText({
  outcome,
  onUndo,
}: {
  outcome: Exclude<Outcome, { kind: 'failed' }>
  onUndo: (batchId: string) => void
}) {
  if (outcome.kind === 'exported') return <p>Exported {prospects(outcome.rows)} to the CSV file.</p>
  if (outcome.kind === 'restored') {
    return (
      <p>
        Brought back {prospects(outcome.restored)}.
        {outcome.slugTaken.length > 0 &&
          ` Left deleted, as a new prospect has their link now: ${outcome.slugTaken.join(', ')}.`}
      </p>
    )
  }
  const { result } = outcome
  return (
    <div className="space-y-2">
      <p>
        {DONE[result.action]} {prospects(result.changed)}.
        {result.unchanged > 0 && ` ${prospects(result.unchanged)} already had that owner.`}
        {result.missing > 0 && ` ${prospects(result.missing)} had been deleted meanwhile.`}
        {result.batchId !== null && (
          <>
            {' '}
            <button type="button" className={textLinkClass} onClick={() => onUndo(result.batchId as string)}>
              Undo
            </button>
          </>
        )}
      </p>
      {result.refusedCount > 0 && (
        <div className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
          <p className="font-semibold">
            {prospects(result.refusedCount)} left as {result.refusedCount === 1 ? 'it was' : 'they were'}:
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {result.refused.map((row) => (
              <li key={row.slug}>
                {row.companyName} ({row.name}): {row.reason}
              </li>
            ))}
          </ul>
          {result.refusedCount > result.refused.length && (
            <p className="mt-1">…and {formatCount(result.refusedCount - result.refused.length)} more.</p>
          )}
        </div>
      )}
    </div>
  )
}

/** Hands the file to the browser as a download; where the page cannot (no object URLs), it is skipped. */
function download(csv: string) {
  if (typeof URL.createObjectURL !== 'function') return
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = BULK_EXPORT_FILE
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
