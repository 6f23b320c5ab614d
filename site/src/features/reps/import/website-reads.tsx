import { describeWebsiteProgress } from '#core/website-reading.ts'
import { useWebsiteProgress } from './use-website-progress.ts'
import { WebsiteFailures } from './website-failures.tsx'

const BAR_CLASS = 'h-2 w-full accent-indigo-600'

/**
 * After an import: its rows' websites read in the background to fill the details left empty, in
 * words ("412 of 500 sites read, 23 could not be read") and as a bar, then the sites that could not
 * be read, to retry or fix. Nothing while none of its rows has a website. The status line (read out
 * politely) changes with the step only; the bar and the line under it carry the count.
 */
export function WebsiteReads({ importId }: { importId: string }) {
  const { progress, failed, retry } = useWebsiteProgress(importId)
  if (!progress || progress.total === 0) return null
  const words = describeWebsiteProgress(progress)
  const reading = progress.pending > 0
  return (
    <section
      aria-labelledby="website-reads-heading"
      className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800"
    >
      <h2 id="website-reads-heading" className="text-base font-bold tracking-tight">
        The prospects' websites
      </h2>
      <p role="status" className="text-sm font-semibold">
        {reading
          ? "Reading the prospects' websites to fill in the details left empty…"
          : 'Finished reading the websites.'}
      </p>
      <progress
        aria-label="Websites read"
        aria-valuetext={words}
        max={Math.max(progress.total, 1)}
        value={progress.read + progress.failed}
        className={BAR_CLASS}
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {words}.{reading ? ' You may leave this page: the reading goes on.' : ''} Only details your file left
        empty are filled in.
      </p>
      {failed.length > 0 && <WebsiteFailures sites={failed} onRetry={retry} />}
    </section>
  )
}
