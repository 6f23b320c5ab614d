import type { EventBatch } from '#core/engagement.ts'
import type { VisitTokens } from '../common/visit-token.ts'
import type { EventBatchRow } from '../data/events-database.ts'
import { getEventDetail } from './event-batch.ts'

type EventToRecord = EventBatchRow['events'][number]

export interface AdmitDeps {
  visitTokens: VisitTokens
}

/**
 * The events of `batch` that its visit could have produced, as they are stored. An event counts only
 * with the visit token the visits route issued for its prospect and this visit (the sender began
 * that visit); a call lasts no longer than the time since the token was issued; a visit reports one
 * booking (the page's word, kept for the Timeline: only the scheduler's webhook books). Everything
 * else is dropped without a word to the sender: there is nothing a real page could do about it.
 */
export async function admitEvents(batch: EventBatch, deps: AdmitDeps, now: Date): Promise<EventToRecord[]> {
  const issued = new Map<string, Date | null>()
  for (const slug of new Set(batch.events.map((event) => event.slug))) {
    const token = batch.tokens[slug]
    issued.set(
      slug,
      token === undefined ? null : await deps.visitTokens.verify(slug, batch.visit, token, now),
    )
  }
  const admitted: EventToRecord[] = []
  let booked = false
  for (const event of batch.events) {
    const since = issued.get(event.slug)
    if (!since) continue
    if (event.name === 'meeting_booked') {
      if (booked) continue
      booked = true
    }
    const detail = getEventDetail(event)
    if ('seconds' in event) {
      const elapsed = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000))
      detail.seconds = Math.min(event.seconds, elapsed)
    }
    admitted.push({ slug: event.slug, name: event.name, detail })
  }
  return admitted
}
