import type { LookupAll, WebhookAddressRule } from './webhook-address.ts'

/**
 * Each try's deadline, connecting to the answer's last byte: a receiver that hangs costs a batch this
 * long at most, and the tries stop after MAX_ATTEMPTS (finish_webhook_delivery's rule: 30 s, doubling
 * to an hour, about three hours in all).
 */
export const WEBHOOK_TIMEOUT_MS = 5_000
export const MAX_ATTEMPTS = 10

/** How many lines of a webhook's delivery log its page shows. */
export const DELIVERY_LOG_ROWS = 50

/** What the server gives the outgoing webhooks: where deliveries may go, and the pages' origin for links. */
export interface WebhookSettings {
  /** Where deliveries may go: the public internet in the product (webhook-address.ts). */
  rule: WebhookAddressRule
  /** The site's origin for each delivery's page link (SITE_URL, or where the server listens); null: no link. */
  siteOrigin: () => string | null
  timeoutMs: number
  now: () => Date
  /** Called after a request queued a delivery ("Send a test", "Send again"): the drainer's poke. */
  onQueued?: (() => void) | undefined
}

export type { LookupAll, WebhookAddressRule }
