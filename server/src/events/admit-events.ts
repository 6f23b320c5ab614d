import type { EventBatch } from '#core/engagement.ts'
import type { VisitTokens } from '../common/visit-token.ts'
import type { EventBatchRow } from '../data/events-database.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import type { BookingCheck } from './booking-check.ts'
import { getEventDetail } from './event-batch.ts'

type EventToRecord = EventBatchRow['events'][number]

export interface AdmitDeps {
  visitTokens: VisitTokens
  checkBooking: BookingCheck
  logger: Logger
}

/**
 * The events of `batch` that a real visit could have produced, as they are stored. An event counts
 * only with its prospect's visit token (the sender loaded that prospect's page or answer); a call
 * lasts no longer than the time since the token was issued; a visit books once, and a booking counts
 * only when the scheduler confirms it. Everything else is dropped without a word to the sender:
 * there is nothing a real page could do about it.
 */
export async function admitEvents(batch: EventBatch, deps: AdmitDeps, now: Date): Promise<EventToRecord[]> {
  const issued = new Map<string, Date | null>()
  for (const slug of new Set(batch.events.map((event) => event.slug))) {
    const token = batch.tokens[slug]
    issued.set(slug, token === undefined ? null : await deps.visitTokens.verify(slug, token, now))
  }
  const admitted: EventToRecord[] = []
  let booked = false
  for (const event of batch.events) {
    const since = issued.get(event.slug)
    if (!since) continue
    let host: string | null = null
    if (event.name === 'meeting_booked') {
      if (booked) continue
      booked = true
      const verdict = await deps.checkBooking(event.eventUri, since)
      if (verdict.kind === 'unverifiable') {
        deps.logger.error(
          `[booking_unconfirmed] ${verdict.reason}: a booking a page reported was not counted`,
        )
      }
      if (verdict.kind !== 'confirmed') continue
      host = verdict.host ?? null
    }
    const detail = getEventDetail(event)
    // Whom the meeting is with: the scheduler's word when it gives one, else the rep the page showed.
    if (host) detail.rep = host
    if ('seconds' in event) {
      const elapsed = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000))
      detail.seconds = Math.min(event.seconds, elapsed)
    }
    admitted.push({ slug: event.slug, name: event.name, detail })
  }
  return admitted
}
