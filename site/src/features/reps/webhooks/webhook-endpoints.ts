import type {
  OutgoingWebhook,
  OutgoingWebhookCreated,
  OutgoingWebhookListResponse,
  WebhookDeliveryLogResponse,
  WebhookEvent,
} from '#core/rep-api.ts'
import { requestRep } from '../api/rep-client.ts'

/** The webhooks page's requests (core/rep-api.ts, admins only), one function each. */

export const listWebhooks = (signal: AbortSignal) =>
  requestRep<OutgoingWebhookListResponse>('webhooks', { signal })

export const addWebhook = (url: string, events: WebhookEvent[]) =>
  requestRep<OutgoingWebhookCreated>('webhooks', { method: 'POST', json: { url, events } })

export const setWebhookEnabled = (id: string, enabled: boolean) =>
  requestRep<{ webhook: OutgoingWebhook }>(`webhooks/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: { enabled },
  })

export const deleteWebhook = (id: string) =>
  requestRep<void>(`webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const getDeliveryLog = (id: string, signal: AbortSignal) =>
  requestRep<WebhookDeliveryLogResponse>(`webhooks/${encodeURIComponent(id)}/deliveries`, { signal })

export const sendWebhookTest = (id: string) =>
  requestRep<{ id: number }>(`webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' })

export const resendDelivery = (id: string, delivery: number) =>
  requestRep<{ id: number }>(`webhooks/${encodeURIComponent(id)}/deliveries/${delivery}/resend`, {
    method: 'POST',
  })
