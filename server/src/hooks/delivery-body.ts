import { REP_PROSPECTS_PAGE, WEBHOOK_EVENT_INFO, type WebhookEvent } from '#core/rep-api.ts'
import type { ClaimedWebhookDelivery } from '../data/webhook-database.ts'

/**
 * A delivery's JSON body, the same on every try of it: the event's id and type, when the fact
 * happened, the prospect as it was then (with links to their page and to their page for reps) and the fact's details.
 */
export function deliveryBody(delivery: ClaimedWebhookDelivery, siteOrigin: string | null): string {
  const { prospect, details } = delivery.payload
  const type = WEBHOOK_EVENT_INFO[delivery.event as WebhookEvent | 'test']?.type ?? delivery.event
  return JSON.stringify({
    id: `evt_${delivery.event_id}`,
    type,
    created_at: new Date(delivery.occurred_at).toISOString(),
    prospect:
      prospect === null
        ? null
        : {
            slug: prospect.slug,
            company: prospect.company,
            contact_name: prospect.contact_name,
            owner_name: prospect.owner_name,
            // Their demo page, and their page for reps (activity, timeline).
            page_url: siteOrigin === null ? null : `${siteOrigin}/${prospect.slug}`,
            rep_url: siteOrigin === null ? null : `${siteOrigin}${REP_PROSPECTS_PAGE}/${prospect.slug}`,
          },
    details,
  })
}
