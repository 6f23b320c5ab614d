import type { BrowserEvent } from '#core/engagement.ts'
import { FALLBACK_SLUG } from '#core/prospect.ts'
import { lazyPart } from '../lib/lazy-part.ts'

/** An event as the widget reports it; `page_opened` begins the visit (the chunk adds where the page is). */
export type WidgetEvent = BrowserEvent | { name: 'page_opened'; slug: string }

/**
 * The engagement chunk (the reporter, the visit id): never part of the first paint. The first event
 * fetches it when the browser is idle; events that come before it arrives wait for it, in order.
 */
const engagement = lazyPart(() => import('./engagement-chunk.ts'))

/** The chunk, for what needs the visit (a call's metadata, a "Call Me" request). */
export const loadEngagement = engagement.load

/**
 * Reports `event` to the API at `apiBase`; never throws. The fallback prospect's events are not
 * reported (the server drops them): a page with only the general demo never fetches the chunk.
 */
export function reportEngagement(apiBase: string, event: WidgetEvent): void {
  if (event.slug === FALLBACK_SLUG) return
  const loaded = engagement.get()
  // Once here, at once: the event may come as the page is left (a video call ended by leaving).
  if (loaded) loaded.reportEvent(apiBase, event)
  else whenIdle(() => engagement.load().then((chunk) => chunk.reportEvent(apiBase, event), ignore))
}

// Safari has no requestIdleCallback.
const whenIdle = (run: () => void) => (window.requestIdleCallback ?? setTimeout)(run)
/** A chunk that did not arrive (offline for a moment): the next event tries again. */
const ignore = () => {}
