import { BOOKING_UTM_SOURCE, trackBooking } from '#core/booking-tracking.ts'
import { getLastOpened } from '#core/engagement-visit.ts'

/**
 * The scheduler link to open now (browser only): one the server already made for a prospect stays
 * as it is; the landing page's names the prospect whose page this tab opened last, so a prospect who
 * came from their page and books here is booked as theirs (core/booking-tracking.ts). A tab that
 * opened no prospect's page opens the plain link.
 */
export function bookingUrlFor(url: string): string {
  if (!URL.canParse(url) || new URL(url).searchParams.get('utm_source') === BOOKING_UTM_SOURCE) return url
  const slug = getLastOpened()
  return slug ? trackBooking(url, slug) : url
}
