import type { ProspectBooking, ProspectResponse } from '#core/prospect.ts'

/**
 * A prospect page carries the answer it shows as JSON in its `<voice-demo>`'s `data-prospect` (the
 * widget reads it there, so it does not ask the API again), and the link's slug in `data-for`. The site
 * reads them before hydrating a server-rendered page, so the first render on the client is the
 * server's, without a skeleton.
 */
export const PRELOADED_ATTRIBUTE = 'data-prospect'

/**
 * The answer's "Book a call" rides beside it, not in it: the page offers it in a section of its own
 * (which reports the booking for the prospect), so the panel must not offer it too.
 */
export const PRELOADED_BOOKING_ATTRIBUTE = 'data-booking'

/** The attributes a page's `<voice-demo>` carries its answer in: the answer without its booking, and the booking. */
export function toPreloadedAttributes(answer: ProspectResponse): Record<string, string> {
  const { booking, ...prospect } = answer.prospect
  return {
    [PRELOADED_ATTRIBUTE]: JSON.stringify({ ...answer, prospect }),
    ...(booking ? { [PRELOADED_BOOKING_ATTRIBUTE]: JSON.stringify(booking) } : {}),
  }
}

/** An answer, and the slug of the link it answered (an unknown link is answered with the general demo). */
export interface PreloadedAnswer {
  slug: string
  answer: ProspectResponse
}

let serverPreload: PreloadedAnswer | null = null
let pagePreload: PreloadedAnswer | null | undefined

/** Sets the answer the next server render is for (a render is synchronous, so one at a time). */
export function setServerPreload(preload: PreloadedAnswer | null): void {
  serverPreload = preload
}

/** What the page arrived with; read once, so a later page of the same visit asks the API as usual. */
function readPagePreload(): PreloadedAnswer | null {
  const element = document.querySelector(`voice-demo[${PRELOADED_ATTRIBUTE}]`)
  const json = element?.getAttribute(PRELOADED_ATTRIBUTE)
  const slug = element?.getAttribute('data-for')
  if (!json || !slug) return null
  try {
    const answer = JSON.parse(json) as ProspectResponse
    const booking = element?.getAttribute(PRELOADED_BOOKING_ATTRIBUTE)
    if (booking) answer.prospect.booking = JSON.parse(booking) as ProspectBooking
    return { slug, answer }
  } catch {
    return null // a page edited by hand, say: the site asks the API as on any other page
  }
}

/** The answer already on the page for the link `slug`, if the page was rendered for it. */
export function preloadedAnswer(slug: string): ProspectResponse | undefined {
  if (typeof document === 'undefined') return serverPreload?.slug === slug ? serverPreload.answer : undefined
  if (pagePreload === undefined) pagePreload = readPagePreload()
  return pagePreload?.slug === slug ? pagePreload.answer : undefined
}
