import { nudgeChatText } from '#core/nudge-words.ts'
import type { Db } from '../data/database.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import type { NudgeSettings } from './nudge-settings.ts'
import { type ClaimedNudge, claimNudges, finishNudge } from './outbox.ts'
import { type Delivery, sendNudge } from './send-nudge.ts'

/** What one drain did: nudges delivered, to be tried again later, and given up. */
export interface DrainCounts {
  sent: number
  retried: number
  failed: number
}

export interface DrainResult extends DrainCounts {
  /** When a nudge may be due next (a retry, or another drainer's lease ending); null: none waiting. */
  nextAt: Date | null
}

export type DrainOutbox = () => Promise<DrainResult>

/** A nudge's chat line: worded now from its facts, or as it was queued when it came with its words. */
export function nudgeWords(nudge: ClaimedNudge): string {
  if (nudge.facts !== null) return nudgeChatText(nudge.facts)
  return nudge.text ?? ''
}

/**
 * Nudges claimed together. They go one after another (a chat webhook limits its rate; Slack's is
 * about one a second), so the lease covers the whole batch at the longest: each delivery's deadline,
 * plus a minute for the database round trips. A lease shorter than that could let a second drainer
 * send a nudge the first is still sending.
 */
const BATCH_SIZE = 5
const LEASE_MARGIN_SECONDS = 60
/**
 * Batches per drain, so that one drain ends in bounded time: 10 nudges, 100 s if every one times out,
 * within the edge function's wall-clock limit (150 s on Supabase's free plan). The next drain goes on.
 */
const MAX_BATCHES = 2

/**
 * One drain of the outbox: claims due nudges under a lease, delivers each, and records the result,
 * until none is due (or the batch limit). The webhook's refusals are logged once per status and drain
 * function (a revoked Slack hook answers 404 or 410 to every nudge until someone replaces the URL).
 */
export function createOutboxDrain(
  db: Db,
  settings: NudgeSettings & { webhookUrl: string },
  logger: Logger,
): DrainOutbox {
  const now = settings.now ?? (() => new Date())
  const leaseSeconds = BATCH_SIZE * Math.ceil(settings.timeoutMs / 1000) + LEASE_MARGIN_SECONDS
  const toldStatuses = new Set<number>()
  const tell = (delivery: Extract<Delivery, { ok: false }>) => {
    const { status } = delivery
    // Server errors, rate limits and timeouts pass by themselves; other refusals need a person.
    if (status === null || status === 429 || status >= 500 || toldStatuses.has(status)) return
    toldStatuses.add(status)
    logger.error(
      `[nudges] the chat webhook refused a nudge with HTTP ${status}; check NOTIFY_WEBHOOK_URL ` +
        '(each nudge is tried again for about a day, then given up)',
    )
  }
  return async () => {
    const counts: DrainCounts = { sent: 0, retried: 0, failed: 0 }
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const claim = await claimNudges(db, BATCH_SIZE, leaseSeconds, now())
      if (claim.nudges.length === 0) return { ...counts, nextAt: claim.nextAt }
      for (const nudge of claim.nudges) {
        const delivery = await sendNudge(settings, nudgeWords(nudge))
        if (!delivery.ok) tell(delivery)
        const state = await finishNudge(db, nudge.id, delivery, now())
        if (state === 'sent') counts.sent += 1
        else if (state === 'retry') counts.retried += 1
        else if (state === 'failed') {
          counts.failed += 1
          logger.error(
            `[nudges] a nudge was given up after its last attempt: ${delivery.ok ? '' : delivery.error}`,
          )
        }
      }
    }
    // The batch limit was reached: more may be due at once.
    return { ...counts, nextAt: now() }
  }
}
