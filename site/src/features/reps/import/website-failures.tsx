import type { WebsiteReadRow } from '#core/website-reading.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { Link } from '../../../components/link.tsx'
import { getEditPath } from '../rep-paths.ts'
import { textLinkClass } from '../ui/field-styles.ts'
import { formatCount } from '../ui/format.ts'
import type { FailedSite } from './use-website-progress.ts'

/**
 * The sites that could not be read, each with why, "Try again" (it may have been down for a moment)
 * and "Edit" (its address may be wrong). One card per site, so it reads the same on a phone.
 */
export function WebsiteFailures({
  sites,
  onRetry,
}: {
  sites: FailedSite[]
  onRetry: (row: WebsiteReadRow) => void
}) {
  const count = sites.filter((site) => site.retry?.status !== 'read').length
  return (
    <section aria-labelledby="website-failures-heading" className="space-y-2">
      <h3 id="website-failures-heading" className="text-sm font-bold">
        Sites that could not be read ({formatCount(count)})
      </h3>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {sites.map((site) => (
          <FailedSiteItem key={site.row.slug} site={site} onRetry={onRetry} />
        ))}
      </ul>
    </section>
  )
}

function FailedSiteItem({ site, onRetry }: { site: FailedSite; onRetry: (row: WebsiteReadRow) => void }) {
  const { row, retry } = site
  const again =
    retry?.status === 'sending' ||
    retry?.status === 'queued' ||
    row.status === 'queued' ||
    row.status === 'reading'
  const read = retry?.status === 'read'
  return (
    <li className="space-y-1 px-4 py-3 text-sm">
      <p className="font-semibold break-words">{row.companyName}</p>
      <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">{row.website}</p>
      <p aria-live="polite" className="break-words">
        {read ? (
          <span className="font-semibold text-emerald-700 dark:text-emerald-400">
            Read: its details are filled in.
          </span>
        ) : again ? (
          'Reading again…'
        ) : (
          (row.error ?? 'The site could not be read.')
        )}
      </p>
      {retry?.status === 'refused' && (
        <p className="break-words text-red-700 dark:text-red-400">{retry.message}</p>
      )}
      {!read && (
        <div className="flex flex-wrap items-center gap-3 pt-1">
          <button
            type="button"
            // Not disabled: focus stays on it while the site is read again.
            aria-disabled={again}
            className={`${secondaryButtonClass} px-3 py-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
            onClick={() => {
              if (!again) onRetry(row)
            }}
          >
            Try again<span className="sr-only"> to read {row.companyName}'s site</span>
          </button>
          <Link href={getEditPath(row.slug)} className={textLinkClass}>
            Edit<span className="sr-only"> {row.companyName}</span>
          </Link>
        </div>
      )}
    </li>
  )
}
