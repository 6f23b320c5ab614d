import { ACTIVITY_REFRESH_MS, HOT_RULE_TEXT, type TimelineEntry } from '#core/engagement.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { Alert } from '../ui/alert.tsx'
import { cardClass } from '../ui/field-styles.ts'
import { getTimeline } from './activity-endpoints.ts'
import { SeenOn } from './seen-on.tsx'
import { HotBadge, StageBadge } from './stage-badge.tsx'
import { TimelineItem } from './timeline-entry.tsx'
import { UpdatedLine } from './updated-line.tsx'
import { useLiveAnswer } from './use-live-answer.ts'

/**
 * The prospect's Timeline on their page for reps: how far they got, whether they are hot, then what
 * they did, newest first, kept up to date while the page is visible.
 */
export function TimelineSection({ slug }: { slug: string }) {
  const live = useLiveAnswer(slug, getTimeline, ACTIVITY_REFRESH_MS)
  const timeline = live.shown
  const keys = getEntryKeys(timeline?.entries ?? [])
  return (
    <section aria-labelledby="timeline-heading" className={cardClass}>
      <h2 id="timeline-heading" className="text-lg font-bold tracking-tight">
        Timeline
      </h2>
      {timeline === null && live.loading && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading the timeline…</p>
      )}
      {timeline === null && live.error !== null && (
        <div className="mt-3 space-y-3">
          <Alert>{live.error}</Alert>
          <button type="button" className={secondaryButtonClass} onClick={live.retry}>
            Try again
          </button>
        </div>
      )}
      {timeline !== null && (
        <>
          <div className="mt-3 flex flex-wrap items-start gap-3 text-sm">
            <StageBadge stage={timeline.stage} />
            {timeline.hot && <HotBadge />}
          </div>
          {timeline.hot && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{HOT_RULE_TEXT}</p>}
          <div className="mt-2">
            <UpdatedLine updatedAt={live.updatedAt} error={live.error} />
          </div>
          <SeenOn seenOn={timeline.seenOn} now={new Date(timeline.asOf)} />
          {timeline.entries.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              No activity yet. The link has not been opened.
            </p>
          ) : (
            <ol className="mt-3 space-y-3 text-sm">
              {timeline.entries.map((entry, index) => (
                <TimelineItem key={keys[index]} entry={entry} now={new Date(timeline.asOf)} />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  )
}

/**
 * Keys that stay with their entries when newer ones arrive on top (an open transcript stays open):
 * what and when, and for two alike, their order counted from the oldest.
 */
function getEntryKeys(entries: readonly TimelineEntry[]): string[] {
  const seen = new Map<string, number>()
  const keys: string[] = []
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i] as TimelineEntry
    const base = `${entry.at} ${entry.kind === 'event' ? entry.name : entry.source}`
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    keys[i] = `${base} ${n}`
  }
  return keys
}
