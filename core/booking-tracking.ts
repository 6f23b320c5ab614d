/**
 * Which prospect a booking is for, carried through the scheduler: a page that shows a prospect's
 * scheduler (their page, or the landing page a prospect reached from it) opens it with UTM parameters
 * naming the prospect, the scheduler keeps them with the booking (Calendly's `tracking`), and its
 * signed webhook brings them back to the server, which books that prospect. A link without them books
 * nobody: the team's own link shared elsewhere is not a prospect's booking.
 */

/** `utm_source` of our pages' scheduler links; `utm_content` is the prospect's slug. */
export const BOOKING_UTM_SOURCE = 'voice-demo'
const BOOKING_UTM_MEDIUM = 'prospect-page'

/** `url` with the parameters that tie a booking made through it to `slug`; `url` itself when it is not one. */
export function trackBooking(url: string, slug: string): string {
  if (!URL.canParse(url)) return url
  const tracked = new URL(url)
  tracked.searchParams.set('utm_source', BOOKING_UTM_SOURCE)
  tracked.searchParams.set('utm_medium', BOOKING_UTM_MEDIUM)
  tracked.searchParams.set('utm_content', slug)
  return tracked.href
}

/** The slug a booking's tracking names, when one of our links made it; null otherwise. */
export function readBookingSlug(
  tracking: { utm_source?: unknown; utm_content?: unknown } | null,
): string | null {
  if (tracking?.utm_source !== BOOKING_UTM_SOURCE || typeof tracking.utm_content !== 'string') return null
  return tracking.utm_content
}
