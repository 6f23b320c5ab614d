import { WEBHOOK_EVENT_INFO, type WebhookEvent } from '#core/rep-api.ts'
import type { Db } from '../data/database.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import { deliveryBody } from './delivery-body.ts'
import { sendWebhook } from './send-webhook.ts'
import { MAX_ATTEMPTS, type WebhookSettings } from './webhook-settings.ts'
import { claimDeliveries, finishDelivery } from './webhook-store.ts'

export interface WebhookDrainResult {
  delivered: number
  retried: number
  failed: number
  /** When a delivery may be due next; null: none waiting. */
  nextAt: Date | null
}

/**
 * Deliveries claimed together and sent all at once, each with its own deadline, so a receiver that
 * hangs holds a batch for one deadline at most and never holds up another receiver's delivery behind
 * it. At most PER_WEBHOOK of one webhook in a batch: a receiver with a long queue leaves room for
 * the others, and gets no more than that many requests at once. The lease covers the batch at its
 * slowest, plus a minute for the database, so no second drainer sends what the first is sending.
 */
const BATCH_SIZE = 20
const PER_WEBHOOK = 4
const MAX_BATCHES = 5

/** One drain of the webhooks' outbox: claims due deliveries under a lease, sends them, records each answer. */
export function createWebhookDrain(db: Db, settings: WebhookSettings, logger: Logger) {
  const leaseSeconds = Math.ceil(settings.timeoutMs / 1000) + 60
  return async (): Promise<WebhookDrainResult> => {
    const counts = { delivered: 0, retried: 0, failed: 0 }
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const claim = await claimDeliveries(
        db,
        { maxRows: BATCH_SIZE, perWebhook: PER_WEBHOOK, leaseSeconds },
        settings.now(),
      )
      if (claim.deliveries.length === 0) return { ...counts, nextAt: claim.nextAt }
      const origin = settings.siteOrigin()
      await Promise.all(
        claim.deliveries.map(async (delivery) => {
          const answer = await sendWebhook(
            {
              url: delivery.url,
              secret: delivery.secret,
              body: deliveryBody(delivery, origin),
              deliveryId: delivery.delivery_id,
              eventType: WEBHOOK_EVENT_INFO[delivery.event as WebhookEvent | 'test']?.type ?? delivery.event,
            },
            { rule: settings.rule, timeoutMs: settings.timeoutMs },
          )
          const outcome = answer.ok ? 'delivered' : answer.permanent ? 'refused' : 'retry'
          const tries = delivery.attempts + 1
          const error = answer.ok
            ? null
            : outcome === 'refused' || tries >= MAX_ATTEMPTS
              ? `Given up after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${answer.error}`
              : answer.error
          const { state } = await finishDelivery(
            db,
            delivery.id,
            outcome,
            answer.status,
            error,
            settings.now(),
          )
          if (state === 'delivered') counts.delivered += 1
          else if (state === 'retry') counts.retried += 1
          else if (state === 'failed') {
            counts.failed += 1
            logger.error(`[webhooks] a delivery to ${new URL(delivery.url).host} was given up: ${error}`)
          }
        }),
      )
    }
    // The batch limit was reached: more may be due at once.
    return { ...counts, nextAt: settings.now() }
  }
}
