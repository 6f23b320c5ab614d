import { type OutboxDrainer, startOutboxDrainer } from '../common/outbox-drainer.ts'
import type { Db } from '../data/database.ts'
import { createRateLimitedLogger, type Logger } from '../logging/rate-limited-logger.ts'
import { createWebhookDrain } from './drain-webhooks.ts'
import type { WebhookSettings } from './webhook-settings.ts'
import { releaseWebhookLeases } from './webhook-store.ts'

export interface WebhookDeliveryOptions {
  db: Db
  settings: WebhookSettings
  logger: Logger
  /** This process is the database's only drainer (the embedded database), so every lease at start is stale. */
  exclusive: boolean
  pollMs?: number
}

/**
 * The Node server's delivery of outgoing webhooks, in the background like the other outboxes: at
 * start (what a stop left), when a request queues a delivery, and at least every poll, since facts
 * queue deliveries in the database from every server and the edge function.
 */
export function startWebhookDelivery(options: WebhookDeliveryOptions): OutboxDrainer {
  const logger = createRateLimitedLogger(options.logger)
  const drain = createWebhookDrain(options.db, options.settings, logger)
  return startOutboxDrainer({
    // A failed drain (the database away a moment) is logged as the webhooks', and the next poll goes on.
    drain: async () => {
      try {
        const { delivered, retried, failed, nextAt } = await drain()
        return { sent: delivered, retried, failed, nextAt }
      } catch (error) {
        logger.error('[webhooks] the deliveries could not be drained:', error)
        return { sent: 0, retried: 0, failed: 0, nextAt: null }
      }
    },
    logger,
    beforeFirst: options.exclusive ? () => releaseWebhookLeases(options.db) : undefined,
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
  })
}
