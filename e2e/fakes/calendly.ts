import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { BOOKING_UTM_SOURCE } from '../../core/booking-tracking.ts'
import { calendlyDelivery, signCalendly } from '../../server/src/testing/calendly-deliveries.ts'
import { E2E_CALENDLY_SIGNING_KEY } from './engagement-env.ts'

const CALENDLY_ASSETS = 'https://assets.calendly.com/**'

/** Stands in for Calendly's script: records every call on window.__calendlyCalls. */
const FAKE_CALENDLY = `
  window.__calendlyCalls = [];
  window.Calendly = {
    initPopupWidget: (options) => window.__calendlyCalls.push(['popup', options.url]),
    initInlineWidget: (options) => {
      window.__calendlyCalls.push(['inline', options.url, options.parentElement instanceof HTMLElement]);
      const frame = document.createElement('div');
      frame.textContent = 'Fake Calendly calendar';
      options.parentElement.append(frame);
    },
  };`

/** Calendly unreachable: its script and stylesheet fail as an extension's block does. */
export const blockCalendly = (page: Page) =>
  page.route(CALENDLY_ASSETS, (route) => route.abort('blockedbyclient'))

/** Calendly's assets answered by the stand-in above. */
export const fakeCalendly = (page: Page) =>
  page.route(CALENDLY_ASSETS, (route) =>
    route.request().url().endsWith('.js')
      ? route.fulfill({ contentType: 'text/javascript', body: FAKE_CALENDLY })
      : route.fulfill({ contentType: 'text/css', body: '' }),
  )

/** The address at Calendly's API of a meeting the fake frame books (the server checks its form). */
export const BOOKED_EVENT_URI = /^https:\/\/api\.calendly\.com\/scheduled_events\/E2E-[0-9a-f]{12}$/

/**
 * A frame on Calendly's origin posts "event scheduled" to its parent, exactly as the real inline widget
 * does: with the booked meeting's and the invitee's addresses at Calendly's API. Each booking is a
 * meeting of its own.
 */
export async function bookFromCalendlyFrame(page: Page): Promise<void> {
  const event = `https://api.calendly.com/scheduled_events/E2E-${randomBytes(6).toString('hex')}`
  const payload = { event: { uri: event }, invitee: { uri: `${event}/invitees/E2E-INVITEE` } }
  await page.route('https://calendly.com/fake-frame', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>parent.postMessage(${JSON.stringify({ event: 'calendly.event_scheduled', payload })}, '*')</script>`,
    }),
  )
  await page.evaluate(() => {
    const frame = document.createElement('iframe')
    frame.src = 'https://calendly.com/fake-frame'
    document.body.append(frame)
  })
}

/** The scheduler links the page opened Calendly with, as the fake script recorded them. */
export const readCalendlyUrls = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    ((window as unknown as { __calendlyCalls?: [string, string][] }).__calendlyCalls ?? []).map(
      (call) => call[1],
    ),
  )

/**
 * What Calendly's webhook subscription then sends the server for a booking made through `url`:
 * `invitee.created` (or `invitee.canceled`), with the UTM parameters the link carried as its
 * tracking, signed with the subscription's key.
 */
export async function deliverCalendlyBooking(
  request: APIRequestContext,
  url: string,
  booking: {
    invitee: string
    host?: string
    startAt?: string
    event?: 'invitee.created' | 'invitee.canceled'
  },
) {
  const params = new URL(url).searchParams
  const slug = params.get('utm_source') === BOOKING_UTM_SOURCE ? params.get('utm_content') : null
  const body = calendlyDelivery(booking.event ?? 'invitee.created', { ...booking, slug })
  return request.post('/api/webhooks/calendly', {
    data: body,
    headers: {
      'Content-Type': 'application/json',
      'Calendly-Webhook-Signature': signCalendly(body, E2E_CALENDLY_SIGNING_KEY),
    },
  })
}
