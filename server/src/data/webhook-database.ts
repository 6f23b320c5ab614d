import type { Table } from './rep-database.ts'

/** The outgoing webhooks' tables (`supabase/schema.sql`): written by their functions only. */
export type WebhookTables = {
  outgoing_webhooks: Table<{
    id: string
    url: string
    events: string[]
    secret: string
    enabled: boolean
    created_by: string | null
    created_at: string
    updated_at: string
  }>
  webhook_deliveries: Table<{
    id: number
    delivery_id: string
    event_id: string
    webhook_id: string
    event: string
    payload: WebhookPayload
    occurred_at: string
    created_at: string
    next_attempt_at: string
    lease_until: string | null
    attempts: number
    delivered_at: string | null
    failed_at: string | null
    last_status: number | null
    last_error: string | null
  }>
}

/**
 * The functions of the outgoing webhooks (`supabase/schema.sql`). `Returns` are what each function
 * builds; timestamps arrive as Postgres writes them in JSON, to be read with `new Date()`.
 */
export type WebhookFunctions = {
  create_outgoing_webhook: {
    Args: { url: string; events: readonly string[]; secret: string; rep_id: string; at: string }
    Returns: WebhookRow
  }
  list_outgoing_webhooks: { Args: Record<never, never>; Returns: WebhookRow[] }
  set_outgoing_webhook_enabled: {
    Args: { id: string; enabled: boolean; at: string }
    Returns: WebhookRow | null
  }
  delete_outgoing_webhook: { Args: { id: string }; Returns: boolean }
  queue_webhook_test: { Args: { webhook_id: string; at: string }; Returns: number | null }
  resend_webhook_delivery: { Args: { webhook_id: string; id: number; at: string }; Returns: number | null }
  list_webhook_deliveries: { Args: { webhook_id: string; max_rows: number }; Returns: WebhookDeliveryRow[] }
  claim_webhook_deliveries: {
    Args: { max_rows: number; per_webhook: number; lease_seconds: number; at: string }
    Returns: { deliveries: ClaimedWebhookDelivery[]; next_at: string | null }
  }
  finish_webhook_delivery: {
    Args: {
      id: number
      outcome: 'delivered' | 'retry' | 'refused'
      status: number | null
      error: string | null
      at: string
    }
    Returns: { state: 'delivered' | 'retry' | 'failed' | 'gone'; attempts: number | null }
  }
  release_webhook_leases: { Args: Record<never, never>; Returns: number }
  queue_webhook_deliveries: { Args: { facts: unknown; at: string }; Returns: number }
}

/** A webhook as its functions answer it: the secret's last 4 characters only. */
export interface WebhookRow {
  id: string
  url: string
  events: string[]
  enabled: boolean
  secret_last4: string
  created_at: string
  updated_at: string
}

/** What a delivery carries, frozen when its fact happened: the prospect as it was, and the fact's details. */
export interface WebhookPayload {
  prospect: { slug: string; company: string; contact_name: string; owner_name: string | null } | null
  details: Record<string, unknown>
}

/** A delivery claimed for sending, with its webhook's address and secret. */
export interface ClaimedWebhookDelivery {
  id: number
  delivery_id: string
  event_id: string
  webhook_id: string
  url: string
  secret: string
  event: string
  payload: WebhookPayload
  occurred_at: string
  attempts: number
}

/** One line of a webhook's delivery log. */
export interface WebhookDeliveryRow {
  id: number
  delivery_id: string
  event: string
  slug: string | null
  created_at: string
  attempts: number
  delivered_at: string | null
  failed_at: string | null
  next_attempt_at: string | null
  last_status: number | null
  last_error: string | null
}
