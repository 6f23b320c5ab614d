// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type BrowserEvent, type EventBatch, MAX_EVENTS_PER_BATCH, OPEN_VISIBLE_MS } from './engagement.ts'
import { createEngagementReporter, FLUSH_DELAY_MS } from './engagement-reporter.ts'
import { rememberVisitToken, VISIT_STORAGE_KEY } from './engagement-visit.ts'

const ENDPOINT = 'https://api.example/api/events'

/** The page's visibility, as the test sets it; `visibilitychange` fires on each change. */
let visibility: DocumentVisibilityState = 'visible'
function setVisibility(state: DocumentVisibilityState): void {
  visibility = state
  document.dispatchEvent(new Event('visibilitychange'))
}

/** What left the page by beacon: each batch, parsed. */
let beacons: Array<{ url: string; batch: EventBatch }>
let beaconAccepts = true

beforeEach(() => {
  vi.useFakeTimers()
  sessionStorage.clear()
  visibility = 'visible'
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
  beacons = []
  beaconAccepts = true
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (url: string, body: string) => {
      if (beaconAccepts) beacons.push({ url, batch: JSON.parse(body) as EventBatch })
      return beaconAccepts
    },
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const sentEvents = () => beacons.flatMap(({ batch }) => batch.events)
const started = (slug: string): BrowserEvent => ({ name: 'demo_call_started', slug })

describe('visit tokens', () => {
  it('sends with each batch the visit token the tab keeps for each prospect it names, and no other', () => {
    rememberVisitToken('harbor-realty', 'tyf0w0.0123456789abcdef0123456789abcdef')
    rememberVisitToken('acme', 'tyf0w0.fedcba9876543210fedcba9876543210')
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.report(started('harbor-realty'))
    reporter.report(started('bright-smile-dental'))
    reporter.flush()
    expect(beacons.map(({ batch }) => batch.tokens)).toEqual([
      { 'harbor-realty': 'tyf0w0.0123456789abcdef0123456789abcdef' },
    ])
  })
})

describe('opens', () => {
  it('counts a page as opened only after it has been visible for 3 s', () => {
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('bright-smile-dental', 'embed')
    vi.advanceTimersByTime(OPEN_VISIBLE_MS - 1)
    reporter.flush()
    expect(sentEvents()).toEqual([])

    vi.advanceTimersByTime(1)
    reporter.flush()
    expect(sentEvents()).toEqual([
      { name: 'page_opened', slug: 'bright-smile-dental', surface: 'embed', origin: location.origin },
    ])
  })

  it('adds up visible time across hiding and showing, and never counts hidden time', () => {
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('harbor-realty', 'site')
    vi.advanceTimersByTime(2000)
    setVisibility('hidden')
    vi.advanceTimersByTime(60_000) // a background tab: no time counts
    setVisibility('visible')
    vi.advanceTimersByTime(999)
    reporter.flush()
    expect(sentEvents()).toEqual([])

    vi.advanceTimersByTime(1)
    reporter.flush()
    expect(sentEvents().map((event) => event.name)).toEqual(['page_opened'])
  })

  it('never counts a page that is hidden from the start (a preview, a background tab)', () => {
    visibility = 'hidden'
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('harbor-realty', 'site')
    vi.advanceTimersByTime(10 * OPEN_VISIBLE_MS)
    reporter.flush()
    expect(sentEvents()).toEqual([])
  })

  it('counts once per visit and slug: two widgets of one prospect, and a reload, report one open', () => {
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('harbor-realty', 'embed')
    vi.advanceTimersByTime(1000)
    reporter.reportOpen('harbor-realty', 'embed')
    vi.advanceTimersByTime(OPEN_VISIBLE_MS)
    reporter.reportOpen('harbor-realty', 'embed')
    // The same tab after a reload: a new reporter, the same sessionStorage.
    const reloaded = createEngagementReporter(ENDPOINT)
    reloaded.reportOpen('harbor-realty', 'embed')
    reloaded.reportOpen('bright-smile-dental', 'embed')
    vi.advanceTimersByTime(OPEN_VISIBLE_MS)
    reporter.flush()
    reloaded.flush()
    expect(sentEvents().map((event) => event.slug)).toEqual(['harbor-realty', 'bright-smile-dental'])
    expect(new Set(beacons.map(({ batch }) => batch.visit)).size).toBe(1)
  })

  it('reports no open from a page without an origin of its own (a sandboxed frame), which the server would refuse', () => {
    vi.stubGlobal('location', { origin: 'null' })
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('harbor-realty', 'embed')
    vi.advanceTimersByTime(OPEN_VISIBLE_MS)
    reporter.flush()
    expect(sentEvents()).toEqual([])
  })

  it('reports nothing for the fallback prospect', () => {
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('visitor', 'site')
    reporter.report(started('visitor'))
    vi.advanceTimersByTime(OPEN_VISIBLE_MS + FLUSH_DELAY_MS)
    reporter.flush()
    expect(beacons).toEqual([])
  })
})

describe('batches', () => {
  it('sends events that come within a second of each other in one request, in order', () => {
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.report(started('harbor-realty'))
    vi.advanceTimersByTime(FLUSH_DELAY_MS - 100)
    reporter.report({ name: 'demo_call_ended', slug: 'harbor-realty', seconds: 12 })
    expect(beacons).toEqual([])

    vi.advanceTimersByTime(100)
    expect(beacons).toHaveLength(1)
    expect(beacons[0]?.url).toBe(ENDPOINT)
    expect(beacons[0]?.batch.events).toEqual([
      started('harbor-realty'),
      { name: 'demo_call_ended', slug: 'harbor-realty', seconds: 12 },
    ])
    expect(beacons[0]?.batch.visit).toBe(JSON.parse(sessionStorage.getItem(VISIT_STORAGE_KEY) ?? '').id)
  })

  it(`splits a long queue into batches of at most ${MAX_EVENTS_PER_BATCH}`, () => {
    const reporter = createEngagementReporter(ENDPOINT)
    for (let i = 0; i < MAX_EVENTS_PER_BATCH * 2 + 1; i++) reporter.report(started(`prospect-${i}`))
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    expect(beacons.map(({ batch }) => batch.events.length)).toEqual([
      MAX_EVENTS_PER_BATCH,
      MAX_EVENTS_PER_BATCH,
      1,
    ])
    expect(sentEvents().map((event) => event.slug)).toEqual(
      Array.from({ length: MAX_EVENTS_PER_BATCH * 2 + 1 }, (_, i) => `prospect-${i}`),
    )
  })

  it('sends at once when the page is hidden, and when it is left', () => {
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.report(started('harbor-realty'))
    setVisibility('hidden')
    expect(sentEvents()).toEqual([started('harbor-realty')])

    setVisibility('visible')
    reporter.report(started('bright-smile-dental'))
    dispatchEvent(new Event('pagehide'))
    expect(sentEvents()).toEqual([started('harbor-realty'), started('bright-smile-dental')])
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    expect(beacons).toHaveLength(2) // nothing sent twice
  })

  it('sends an event that comes after pagehide at once (a call ended by leaving), until the page shows again', () => {
    const reporter = createEngagementReporter(ENDPOINT)
    // Leaving a page hides it first, then fires pagehide, as browsers do.
    setVisibility('hidden')
    dispatchEvent(new Event('pagehide'))
    reporter.report({ name: 'video_call_ended', slug: 'harbor-realty', seconds: 40 })
    expect(sentEvents()).toEqual([{ name: 'video_call_ended', slug: 'harbor-realty', seconds: 40 }])

    // Back from the back-forward cache: batching again.
    dispatchEvent(new Event('pageshow'))
    setVisibility('visible')
    reporter.report(started('harbor-realty'))
    expect(beacons).toHaveLength(1)
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    expect(beacons).toHaveLength(2)
  })

  it('listens to the page only while something waits to be sent, so a page left without widgets keeps no listener', () => {
    const added = vi.spyOn(window, 'addEventListener')
    const removed = vi.spyOn(window, 'removeEventListener')
    const reporter = createEngagementReporter(ENDPOINT)
    expect(added).not.toHaveBeenCalled()
    reporter.report(started('harbor-realty'))
    expect(added.mock.calls.map(([type]) => type).sort()).toEqual(['pagehide', 'pageshow'])
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    expect(beacons).toHaveLength(1)
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['pagehide', 'pageshow'])
    added.mockRestore()
    removed.mockRestore()
  })

  it('sends an event that happens while the page is hidden at once (the page may be closing)', () => {
    const reporter = createEngagementReporter(ENDPOINT)
    setVisibility('hidden')
    reporter.report({ name: 'video_call_ended', slug: 'harbor-realty', seconds: 40 })
    expect(sentEvents()).toEqual([{ name: 'video_call_ended', slug: 'harbor-realty', seconds: 40 }])
  })
})

describe('transport', () => {
  it('falls back to a keepalive text/plain fetch without cookies when the beacon is refused', () => {
    beaconAccepts = false
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })))
    vi.stubGlobal('fetch', fetch)
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.report(started('harbor-realty'))
    reporter.flush()

    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe(ENDPOINT)
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(JSON.parse(String(init.body)).events).toEqual([started('harbor-realty')])
  })

  it('uses fetch where there is no sendBeacon, and a failing network never throws into the page', async () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined })
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    vi.stubGlobal('fetch', fetch)
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.report(started('harbor-realty'))
    expect(() => reporter.flush()).not.toThrow()
    expect(fetch).toHaveBeenCalledTimes(1)
    await Promise.resolve() // the rejection is handled: no unhandled rejection fails the run
  })

  it('survives a beacon that throws', () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: () => {
        throw new TypeError('Illegal invocation')
      },
    })
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })))
    vi.stubGlobal('fetch', fetch)
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.report(started('harbor-realty'))
    reporter.flush()
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
