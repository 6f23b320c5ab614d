import { type BrowserEvent, type EventBatch, MAX_EVENTS_PER_BATCH, OPEN_VISIBLE_MS } from './engagement.ts'
import { afterVisibleFor } from './engagement-open.ts'
import { sendEvents } from './engagement-transport.ts'
import { getVisitId, getVisitToken, markOpened, wasOpened } from './engagement-visit.ts'
import { FALLBACK_SLUG } from './prospect.ts'

/**
 * The browser's engagement reporter, shared by the widget (its lazy engagement chunk) and the site:
 * events wait in a queue and leave in batches, a moment after the first of them, and at once when the
 * page is hidden or left, which may be the last chance. Browser only; never throws into the page.
 */

/** An event waits this long for others to join it in one request. */
export const FLUSH_DELAY_MS = 1000

/** The origins the server takes for `page_opened`: http(s), at most 200 characters. */
const REPORTABLE_ORIGIN = /^https?:\/\/[^/]{1,192}$/

export interface EngagementReporter {
  /** Queues `event`. The fallback prospect's are dropped here: the server would drop them anyway. */
  report(event: BrowserEvent): void
  /**
   * Queues `page_opened` for `slug` once the page counts as opened (visible for `OPEN_VISIBLE_MS` in
   * all), once per visit and slug however often it is asked (two widgets of one prospect on a page).
   */
  reportOpen(slug: string, surface: 'site' | 'embed'): void
  /** Sends whatever is queued, now. */
  flush(): void
}

/** A reporter that posts to `endpoint` (`…/api/events`). */
export function createEngagementReporter(endpoint: string): EngagementReporter {
  const queue: BrowserEvent[] = []
  /** Slugs whose open clock is running. */
  const timing = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | undefined
  /** Between `pagehide` and `pageshow` (back from the back-forward cache): the page is being left. */
  let leaving = false

  function flush(): void {
    clearTimeout(timer)
    timer = undefined
    while (queue.length > 0) {
      const events = queue.splice(0, MAX_EVENTS_PER_BATCH)
      const batch: EventBatch = { visit: getVisitId(), events, tokens: tokensOf(events) }
      sendEvents(endpoint, JSON.stringify(batch))
    }
    listenWhilePending()
  }

  const onPageHide = () => {
    leaving = true
    guard(flush)
  }
  const onPageShow = () => {
    leaving = false
  }
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') guard(flush)
  }
  let listening = false
  /**
   * The page's hide and leave events matter only while something waits to be sent or an open is being
   * timed: the reporter listens then, and leaves the page as it found it otherwise (a page that
   * removes every widget keeps no listener of ours).
   */
  function listenWhilePending(): void {
    const pending = queue.length > 0 || timing.size > 0
    if (pending === listening) return
    listening = pending
    const change = pending ? 'addEventListener' : 'removeEventListener'
    window[change]('pagehide', onPageHide)
    window[change]('pageshow', onPageShow)
    document[change]('visibilitychange', onVisibilityChange)
    if (!pending) leaving = false
  }

  function report(event: BrowserEvent): void {
    if (!event.slug || event.slug === FALLBACK_SLUG) return
    queue.push(event)
    listenWhilePending()
    // A page being left, or hidden, may not get another chance (a call ended by leaving the page,
    // whose `pagehide` may come after ours): no waiting then.
    if (leaving || document.visibilityState !== 'visible') flush()
    else timer ??= setTimeout(flush, FLUSH_DELAY_MS)
  }

  function reportOpen(slug: string, surface: 'site' | 'embed'): void {
    // A page without an origin of its own (a sandboxed frame's `null`) cannot say where it was seen,
    // and the server refuses a batch with such an open whole: it is not reported.
    const { origin } = location
    if (!REPORTABLE_ORIGIN.test(origin)) return
    if (!slug || slug === FALLBACK_SLUG || timing.has(slug) || wasOpened(slug)) return
    timing.add(slug)
    listenWhilePending()
    afterVisibleFor(OPEN_VISIBLE_MS, () => {
      timing.delete(slug)
      // Counted meanwhile by another copy of this code in the page: nothing to send.
      if (wasOpened(slug)) return listenWhilePending()
      markOpened(slug)
      report({ name: 'page_opened', slug, surface, origin })
    })
  }

  return {
    report: (event) => guard(() => report(event)),
    reportOpen: (slug, surface) => guard(() => reportOpen(slug, surface)),
    flush: () => guard(flush),
  }
}

/**
 * The visit tokens the tab keeps for the prospects `events` name. One it does not have (no answer for
 * that prospect seen in this tab) is left out, and the server drops that prospect's events.
 */
function tokensOf(events: readonly BrowserEvent[]): Record<string, string> {
  const tokens: Record<string, string> = {}
  for (const { slug } of events) {
    const token = getVisitToken(slug)
    if (token) tokens[slug] = token
  }
  return tokens
}

/** Engagement is a side matter: whatever goes wrong in it, the page goes on. */
function guard(run: () => void): void {
  try {
    run()
  } catch {
    // Events lost; nothing the visitor could do about it.
  }
}

const reporters = new Map<string, EngagementReporter>()

/** The page's one reporter for `endpoint`, so every widget and the site share its queue and its opens. */
export function getEngagementReporter(endpoint: string): EngagementReporter {
  const known = reporters.get(endpoint)
  if (known) return known
  const reporter = createEngagementReporter(endpoint)
  reporters.set(endpoint, reporter)
  return reporter
}
