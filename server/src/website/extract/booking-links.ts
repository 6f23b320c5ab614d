import { foldText } from './html.ts'

/**
 * Links that book with the business: an address at a booking service the business uses (Calendly,
 * Zocdoc, OpenTable, Fresha…), or a link whose words say so ("Book online", "Make a reservation").
 * The former is sure; the latter may be the site's own booking page.
 */

/** Booking services by host (subdomains included), with the path they book under when the host does more. */
const BOOKING_SERVICES: readonly { host: string; path?: RegExp }[] = [
  { host: 'calendly.com' },
  { host: 'acuityscheduling.com' },
  { host: 'as.me' },
  { host: 'zocdoc.com' },
  { host: 'opentable.com' },
  { host: 'opentable.co.uk' },
  { host: 'resy.com' },
  { host: 'booksy.com' },
  { host: 'fresha.com' },
  { host: 'vagaro.com' },
  { host: 'setmore.com' },
  { host: 'simplybook.me' },
  { host: 'square.site', path: /appointments|book/i },
  { host: 'squareup.com', path: /^\/appointments/i },
  { host: 'schedulicity.com' },
  { host: 'mindbodyonline.com' },
  { host: 'localmed.com' },
  { host: 'nexhealth.com' },
  { host: 'doctolib.de' },
  { host: 'doctolib.fr' },
  { host: 'treatwell.co.uk' },
  { host: 'thefork.com' },
  { host: 'sevenrooms.com' },
  { host: 'tock.com', path: /./ },
  { host: 'exploretock.com' },
]

/** Whether an address is at a known booking service. */
export function isBookingServiceUrl(href: string): boolean {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return false
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '')
  return BOOKING_SERVICES.some(
    (service) =>
      (host === service.host || host.endsWith(`.${service.host}`)) &&
      (!service.path || service.path.test(url.pathname)),
  )
}

/** Link words that mean "book with us here", in English and a few other languages. */
const BOOKING_WORDS =
  /^(?:book (?:online|now|today|an? (?:appointment|table|visit|consultation)|your (?:appointment|visit|table)|appointment)|schedule(?: (?:an? )?(?:appointment|visit|online|now|consultation|service))?(?: online| now)?|reserve(?: a table| now| online)?|make an? (?:reservation|appointment|booking)|request an? appointment|online booking|reservations?|termin (?:online )?buchen|online[- ]termin|reserver|reservar|prenota(?:re)?)[!.]*$/

/** Whether a link's visible words ask to book ("Book now", "Schedule an appointment", "Reserve a table"). */
export function isBookingText(text: string): boolean {
  const words = foldText(text)
    .replace(/[→›»>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return words.length <= 40 && BOOKING_WORDS.test(words)
}
