import type { RepProspectDetail, Stamp } from '#core/rep-api.ts'
import { cardClass } from '../ui/field-styles.ts'
import { formatDateTime, formatWho } from '../ui/format.ts'

/** Who owns the prospect, and who created and last changed it, when. */
export function ProspectFacts({ detail }: { detail: RepProspectDetail }) {
  return (
    <section aria-labelledby="facts-heading" className={cardClass}>
      <h2 id="facts-heading" className="text-lg font-bold tracking-tight">
        About this prospect
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Owner</dt>
        <dd className="break-words text-slate-700 dark:text-slate-300">{detail.owner?.email ?? 'Nobody'}</dd>
        <dt className="font-semibold">Created</dt>
        <dd className="text-slate-700 dark:text-slate-300">
          <StampText stamp={detail.created} />
        </dd>
        <dt className="font-semibold">Updated</dt>
        <dd className="text-slate-700 dark:text-slate-300">
          <StampText stamp={detail.updated} />
        </dd>
        <dt className="font-semibold">Assistant</dt>
        <dd className="break-words text-slate-700 dark:text-slate-300">
          {detail.fields.assistant_id ?? 'The default assistant'}
        </dd>
      </dl>
    </section>
  )
}

/** "3 Mar 2025, 14:02 by ann@example.com" */
export function StampText({ stamp }: { stamp: Stamp }) {
  return (
    <>
      <time dateTime={stamp.at}>{formatDateTime(stamp.at)}</time>{' '}
      <span className="break-words">by {formatWho(stamp)}</span>
    </>
  )
}
