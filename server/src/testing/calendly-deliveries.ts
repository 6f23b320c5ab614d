import { createHmac } from 'node:crypto'
import { BOOKING_UTM_SOURCE } from '#core/booking-tracking.ts'

/** What a test books: the prospect its link named (none: a link of no prospect), and the meeting. */
export interface TestBooking {
  slug?: string | null
  invitee: string
  startAt?: string
  host?: string
}

/**
 * A delivery of Calendly's webhook subscription as Calendly documents it (`invitee.created` or
 * `invitee.canceled`, its payload the invitee), with the booker's details a real one carries, which
 * the server must not keep.
 */
export function calendlyDelivery(
  event: 'invitee.created' | 'invitee.canceled',
  booking: TestBooking,
): string {
  const eventUri = booking.invitee.replace(/\/invitees\/.*$/, '')
  return JSON.stringify({
    created_at: new Date().toISOString(),
    created_by: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA',
    event,
    payload: {
      uri: booking.invitee,
      email: 'jane.booker@example.com',
      name: 'Jane Booker',
      status: event === 'invitee.created' ? 'active' : 'canceled',
      event: eventUri,
      rescheduled: false,
      tracking: {
        utm_campaign: null,
        utm_source: booking.slug ? BOOKING_UTM_SOURCE : null,
        utm_medium: booking.slug ? 'prospect-page' : null,
        utm_content: booking.slug ?? null,
        utm_term: null,
        salesforce_uuid: null,
      },
      scheduled_event: {
        uri: eventUri,
        name: '30 Minute Meeting',
        start_time: booking.startAt ?? '2026-12-08T15:30:00.000000Z',
        end_time: '2026-12-08T16:00:00.000000Z',
        event_memberships: booking.host
          ? [{ user: 'https://api.calendly.com/users/BBBB', user_name: booking.host }]
          : [],
      },
      ...(event === 'invitee.canceled' && {
        cancellation: { canceled_by: 'Jane Booker', reason: 'Something came up' },
      }),
    },
  })
}

/** The `Calendly-Webhook-Signature` Calendly sends with `body`, signed with `key` at `at`. */
export function signCalendly(body: string, key: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000)
  return `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`
}

let invitees = 0
/** A new invitee's address at Calendly. */
export const newInvitee = (): string =>
  `https://api.calendly.com/scheduled_events/EV${Date.now()}${++invitees}/invitees/IN${invitees}`
