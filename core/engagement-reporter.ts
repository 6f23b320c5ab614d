import {
  type BrowserEvent,
  describeEmbedPage,
  type EventBatch,
  MAX_EVENTS_PER_BATCH,
  OPEN_VISIBLE_MS,
  readVisitChannel,
  type VisitRequest,
} from './engagement.ts'
import { afterVisibleFor } from './engagement-open.ts'
import { sendEvents } from './engagement-transport.ts'
import { getVisit, isVisit, keepVisit } from './engagement-visit.ts'
import { FALLBACK_SLUG } from './prospect.ts'

/**
 * The browser's engagement reporter, shared by the widget (its lazy engagement chunk) and the site.
 * A prospect's page counts as opened once it has been visible for a while: then the reporter asks the
 * server to begin a visit (`POST /api/visits`), and the visit's token goes with its events. Events
 * wait in a queue and leave in batches, a moment after the first of them, and at once when the page
 * is hidden or left, which may be the last chance. An event before the open (a call started at once)
 * begins the visit itself. Browser only; never throws into the page.
 */

/** An event waits this long for others to join it in one request. */
export const FLUSH_DELAY_MS = 1000

type Surface = VisitRequest['surface']

export interface EngagementReporter {
  /** Queues `event`. The fallback prospect's are dropped here: the server would drop them anyway. */
  report(event: BrowserEvent): void
  /**
   * Begins `slug`'s visit once the page counts as opened (visible for `OPEN_VISIBLE_MS` in all), once
   * per tab and slug however often it is asked (two widgets of one prospect on a page, a reload).
   */
  reportOpen(slug: string, surface: Surface): void
  /** Sends whatever is queued, now. */
  flush(): void
}

/**
 * A reporter that posts to `endpoint` (`…/api/events`) and begins visits beside it (`…/api/visits`).
 * `surface`: where this page is, for a visit an event begins before the open did.
 */
export function createEngagementReporter(endpoint: string, surface: Surface = 'site'): EngagementReporter {
  const visitsUrl = new URL('visits', new URL(endpoint, location.href)).href
  const queue: BrowserEvent[] = []
  /** Slugs whose open clock is running. */
  const timing = new Set<string>()
  /** Slugs whose visit is being asked for, and those the server did not count on this page. */
  const asking = new Set<string>()
  const uncounted = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | undefined
  /** Between `pagehide` and `pageshow` (back from the back-forward cache): the page is being left. */
  let leaving = false

  function flush(): void {
    clearTimeout(timer)
    timer = undefined
    const bySlug = new Map<string, BrowserEvent[]>()
    for (const event of queue.splice(0)) {
      const events = bySlug.get(event.slug)
      if (events) events.push(event)
      else bySlug.set(event.slug, [event])
    }
    // Each prospect's visit read once: events without one wait for it, in order.
    const waiting: BrowserEvent[] = []
    for (const [slug, events] of bySlug) {
      if (uncounted.has(slug)) continue
      const visit = getVisit(slug)
      if (!visit) {
        waiting.push(...events)
        beginVisit(slug, surface)
        continue
      }
      for (let start = 0; start < events.length; start += MAX_EVENTS_PER_BATCH) {
        const batch: EventBatch = {
          visit: visit.id,
          events: events.slice(start, start + MAX_EVENTS_PER_BATCH),
          tokens: { [slug]: visit.token },
        }
        sendEvents(endpoint, JSON.stringify(batch))
      }
    }
    queue.push(...waiting)
    listenWhilePending()
  }

  /**
   * Asks the server to begin `slug`'s visit, once at a time; what waited for it leaves once it is
   * here. A visit the server does not count (a rep's browser, a limit) or cannot begin (offline) drops
   * that prospect's events for this page: they could not be stored.
   */
  function beginVisit(slug: string, where: Surface): void {
    if (asking.has(slug) || getVisit(slug) || uncounted.has(slug)) return
    asking.add(slug)
    // Our own page's link may name the message it came in (`?via=email`); a partner's address is theirs.
    const channel = where === 'site' ? readVisitChannel(location.search) : null
    // A partner's page says which page it is (the Timeline names it), without its query or fragment.
    const page = where === 'embed' ? describeEmbedPage(location, document.title) : null
    const body: VisitRequest = {
      slug,
      surface: where,
      ...(channel ? { channel } : {}),
      ...(page ? { page } : {}),
    }
    // With the page's own cookies on our own origin (the default): a signed-in rep's visit is not counted.
    fetch(visitsUrl, {
      method: 'POST',
      keepalive: true,
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'text/plain' },
    })
      .then((res) => (res.ok ? res.json() : null))
      .then((answer: unknown) => {
        const visit = (answer as { visit?: unknown } | null)?.visit
        if (isVisit(visit)) keepVisit(slug, visit)
        else uncounted.add(slug)
      })
      .catch(() => uncounted.add(slug))
      .finally(() => {
        asking.delete(slug)
        guard(flush)
      })
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

  function reportOpen(slug: string, where: Surface): void {
    if (!slug || slug === FALLBACK_SLUG || timing.has(slug) || getVisit(slug)) return
    timing.add(slug)
    listenWhilePending()
    afterVisibleFor(OPEN_VISIBLE_MS, () => {
      timing.delete(slug)
      beginVisit(slug, where)
      listenWhilePending()
    })
  }

  return {
    report: (event) => guard(() => report(event)),
    reportOpen: (slug, where) => guard(() => reportOpen(slug, where)),
    flush: () => guard(flush),
  }
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

/**
 * The page's one reporter for `endpoint`, so every widget and the site share its queue and its opens.
 * `surface` counts when this call makes it.
 */
export function getEngagementReporter(endpoint: string, surface?: Surface): EngagementReporter {
  const known = reporters.get(endpoint)
  if (known) return known
  const reporter = createEngagementReporter(endpoint, surface)
  reporters.set(endpoint, reporter)
  return reporter
}
