import { randomBytes } from 'node:crypto'
import type { OutgoingWebhook, WebhookDeliveryLine, WebhookEvent } from '#core/rep-api.ts'
import { callFunction, type Db } from '../data/database.ts'
import type { ClaimedWebhookDelivery, WebhookDeliveryRow, WebhookRow } from '../data/webhook-database.ts'

export type { ClaimedWebhookDelivery }

/** A new signing secret: 32 random bytes, written as Stripe's are (`whsec_…`), so a receiver knows it. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`

const toWebhook = (row: WebhookRow): OutgoingWebhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  enabled: row.enabled,
  secretLast4: row.secret_last4,
  createdAt: row.created_at,
})

export async function createWebhook(
  db: Db,
  fields: { url: string; events: readonly WebhookEvent[]; secret: string; repId: string },
  at: Date,
): Promise<OutgoingWebhook> {
  return toWebhook(
    await callFunction(db, 'create_outgoing_webhook', {
      url: fields.url,
      events: fields.events,
      secret: fields.secret,
      rep_id: fields.repId,
      at: at.toISOString(),
    }),
  )
}

export const listWebhooks = async (db: Db): Promise<OutgoingWebhook[]> =>
  (await callFunction(db, 'list_outgoing_webhooks', {})).map(toWebhook)

/** On or off; null for an unknown webhook. Turned off, what it had waiting is given up. */
export async function setWebhookEnabled(db: Db, id: string, enabled: boolean, at: Date) {
  const row = await callFunction(db, 'set_outgoing_webhook_enabled', { id, enabled, at: at.toISOString() })
  return row === null ? null : toWebhook(row)
}

export const deleteWebhook = (db: Db, id: string): Promise<boolean> =>
  callFunction(db, 'delete_outgoing_webhook', { id })

export const queueWebhookTest = (db: Db, webhookId: string, at: Date): Promise<number | null> =>
  callFunction(db, 'queue_webhook_test', { webhook_id: webhookId, at: at.toISOString() })

export const resendDelivery = (db: Db, webhookId: string, id: number, at: Date): Promise<number | null> =>
  callFunction(db, 'resend_webhook_delivery', { webhook_id: webhookId, id, at: at.toISOString() })

const toLine = (row: WebhookDeliveryRow): WebhookDeliveryLine => ({
  id: row.id,
  deliveryId: row.delivery_id,
  event: row.event as WebhookDeliveryLine['event'],
  slug: row.slug,
  createdAt: row.created_at,
  attempts: row.attempts,
  state: row.delivered_at !== null ? 'delivered' : row.failed_at !== null ? 'failed' : 'waiting',
  status: row.last_status,
  error: row.last_error,
  nextAttemptAt: row.next_attempt_at,
})

export const listDeliveries = async (db: Db, webhookId: string, maxRows: number) =>
  (await callFunction(db, 'list_webhook_deliveries', { webhook_id: webhookId, max_rows: maxRows })).map(
    toLine,
  )

export interface DeliveryClaim {
  deliveries: ClaimedWebhookDelivery[]
  /** The earliest time another delivery may be due; null: none waiting. */
  nextAt: Date | null
}

export async function claimDeliveries(
  db: Db,
  limits: { maxRows: number; perWebhook: number; leaseSeconds: number },
  at: Date,
): Promise<DeliveryClaim> {
  const data = await callFunction(db, 'claim_webhook_deliveries', {
    max_rows: limits.maxRows,
    per_webhook: limits.perWebhook,
    lease_seconds: limits.leaseSeconds,
    at: at.toISOString(),
  })
  return { deliveries: data.deliveries, nextAt: data.next_at === null ? null : new Date(data.next_at) }
}

export async function finishDelivery(
  db: Db,
  id: number,
  outcome: 'delivered' | 'retry' | 'refused',
  status: number | null,
  error: string | null,
  at: Date,
) {
  return callFunction(db, 'finish_webhook_delivery', { id, outcome, status, error, at: at.toISOString() })
}

/** Frees the leases a stopped server left: only for the database's one drainer, as it starts. */
export const releaseWebhookLeases = (db: Db): Promise<number> =>
  callFunction(db, 'release_webhook_leases', {})
