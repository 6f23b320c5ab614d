import type { ImportJob } from '#core/rep-api.ts'
import type { UploadProgress } from '../api/upload-import.ts'
import { formatCount } from '../ui/format.ts'

const BAR_CLASS = 'h-2 w-full accent-indigo-600'

/** "Uploading… 45%" with a bar while the file goes up; then "Checking…" while the server reads every row. */
export function ImportUploadProgress({ progress }: { progress: UploadProgress }) {
  if (progress.phase === 'checking') {
    return (
      <div className="space-y-2">
        <p role="status" className="text-sm font-semibold">
          Checking every row…
        </p>
        <progress aria-label="Import" className={BAR_CLASS} />
      </div>
    )
  }
  const percent = progress.total > 0 ? Math.floor((progress.loaded / progress.total) * 100) : 0
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm font-semibold">
        Uploading… {percent}%
      </p>
      <progress aria-label="Upload" max={100} value={percent} className={BAR_CLASS} />
    </div>
  )
}

/**
 * The server writing the import: the rows sent so far of all of them, then the one moment they are
 * saved together. The status line (read out politely) changes with the step only, so a screen reader
 * is not interrupted every second; the bar (its value in words for a screen reader) and the line
 * under it carry the count.
 */
export function ImportJobProgress({ job }: { job: ImportJob | null }) {
  if (!job) {
    return (
      <div className="space-y-2">
        <p role="status" className="text-sm font-semibold">
          Checking on the import…
        </p>
        <progress aria-label="Import" className={BAR_CLASS} />
      </div>
    )
  }
  const rows = `${formatCount(job.total)} ${job.total === 1 ? 'row' : 'rows'}`
  const count = `${formatCount(job.done)} of ${rows}`
  const saving = job.status === 'running' && job.done >= job.total
  const step =
    job.status === 'queued'
      ? `Starting to import ${rows}…`
      : saving
        ? `Saving all ${rows}…`
        : `Importing ${rows}…`
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm font-semibold">
        {step}
      </p>
      <progress
        aria-label="Import"
        aria-valuetext={`${count} sent`}
        max={Math.max(job.total, 1)}
        value={job.done}
        className={BAR_CLASS}
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {count} sent. Nothing is saved until every row is; you may leave this page and come back.
      </p>
    </div>
  )
}
