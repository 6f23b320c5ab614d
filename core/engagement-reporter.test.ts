// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type BrowserEvent,
  describeEmbedPage,
  type EventBatch,
  MAX_EVENTS_PER_BATCH,
  OPEN_VISIBLE_MS,
  PAGE_TITLE_MAX,
  PAGE_URL_MAX,
  type VisitRequest,
} from './engagement.ts'
import { createEngagementReporter, FLUSH_DELAY_MS } from './engagement-reporter.ts'
import { getVisit, keepVisit } from './engagement-visit.ts'

const ENDPOINT = 'https://api.example/api/events'
const VISITS = 'https://api.example/api/visits'

/** The page's visibility, as the test sets it; `visibilitychange` fires on each change. */
let visibility: DocumentVisibilityState = 'visible'
function setVisibility(state: DocumentVisibilityState): void {
  visibility = state
  document.dispatchEvent(new Event('visibilitychange'))
}

/** What left the page by beacon: each batch, parsed. */
let beacons: Array<{ url: string; batch: EventBatch }>
let beaconAccepts = true
/** The visits the page asked the server to begin, and how the fake server answers. */
let visitRequests: VisitRequest[]
let visitAnswer: (request: VisitRequest) => Response

/** A visit as the server would begin it for `slug`: its id names the slug, for the assertions. */
const visitOf = (slug: string) => ({
  id: `visit-${slug}`.padEnd(16, '-').slice(0, 64),
  token: 'tyf0w0.0123456789abcdef0123456789abcdef',
})

/** Lets the fake server's answers (promises) arrive. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => queueMicrotask(resolve))
}

beforeEach(() => {
  vi.useFakeTimers()
  sessionStorage.clear()
  visibility = 'visible'
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
  beacons = []
  beaconAccepts = true
  visitRequests = []
  visitAnswer = (request) => Response.json({ visit: visitOf(request.slug) }, { status: 201 })
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (url: string, body: string) => {
      if (beaconAccepts) beacons.push({ url, batch: JSON.parse(body) as EventBatch })
      return beaconAccepts
    },
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== VISITS) return new Response(null, { status: 202 })
      const request = JSON.parse(String(init.body)) as VisitRequest
      visitRequests.push(request)
      return visitAnswer(request)
    }),
  )
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const sentEvents = () => beacons.flatMap(({ batch }) => batch.events)
const started = (slug: string): BrowserEvent => ({ name: 'demo_call_started', slug })
/** The tab already has its visit of these prospects (as after the open). */
const visited = (...slugs: string[]) => {
  for (const slug of slugs) keepVisit(slug, visitOf(slug))
}

describe('visits', () => {
  it('cuts a page’s address and title to what a visit carries', () => {
    const long = describeEmbedPage(
      { origin: 'https://blog.example', pathname: `/${'a'.repeat(600)}` },
      `${'T'.repeat(250)}`,
    )
    expect(long.url).toHaveLength(PAGE_URL_MAX)
    expect(long.url.startsWith('https://blog.example/aaa')).toBe(true)
    expect(long.title).toHaveLength(PAGE_TITLE_MAX)
  })

  it('asks the server to begin a visit once the page has been visible for 3 s, and keeps what it answers', async () => {
    // A partner's page names itself, without the query or fragment, where personal data travels.
    window.history.replaceState(null, '', '/blog/our-new-demo?email=ann%40example.com#reply')
    document.title = '  Our new demo\n | Bright Smile  '
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('bright-smile-dental', 'embed')
    vi.advanceTimersByTime(OPEN_VISIBLE_MS - 1)
    expect(visitRequests).toEqual([])
    vi.advanceTimersByTime(1)
    await settle()
    expect(visitRequests).toEqual([
      {
        slug: 'bright-smile-dental',
        surface: 'embed',
        page: { url: `${location.origin}/blog/our-new-demo`, title: 'Our new demo | Bright Smile' },
      },
    ])
    window.history.replaceState(null, '', '/')
    document.title = ''
    expect(getVisit('bright-smile-dental')).toEqual(visitOf('bright-smile-dental'))
    const init = vi.mocked(fetch).mock.calls[0]?.[1]
    expect(init).toMatchObject({ method: 'POST', keepalive: true })
    expect(init?.credentials).toBeUndefined() // our own origin's cookies go: a rep's visit is not counted
    expect(beacons).toEqual([]) // the request is the open: no event of its own
  })

  it('names the channel our own page’s link carried (?via=email, ?via=linkedin), and nothing else', async () => {
    const cases: [string, VisitRequest['surface'], VisitRequest['channel'] | undefined][] = [
      ['?via=email', 'site', 'email'],
      ['?utm_source=x&via=linkedin', 'site', 'linkedin'],
      ['?via=fax', 'site', undefined],
      ['?via=Email', 'site', undefined],
      ['', 'site', undefined],
      // A partner's page address is theirs: its query says nothing about our link.
      ['?via=email', 'embed', undefined],
    ]
    const pageOf = (surface: VisitRequest['surface']) =>
      surface === 'embed' ? { page: { url: `${location.origin}/harbor-realty`, title: '' } } : {}
    for (const [search, surface, channel] of cases) {
      sessionStorage.clear()
      visitRequests = []
      window.history.replaceState(null, '', `/harbor-realty${search}`)
      createEngagementReporter(ENDPOINT).reportOpen('harbor-realty', surface)
      vi.advanceTimersByTime(OPEN_VISIBLE_MS)
      await settle()
      expect(visitRequests, search).toEqual([
        { slug: 'harbor-realty', surface, ...(channel ? { channel } : {}), ...pageOf(surface) },
      ])
    }
    window.history.replaceState(null, '', '/')
  })

  it('adds up visible time across hiding and showing, and never counts hidden time', () => {
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('harbor-realty', 'site')
    vi.advanceTimersByTime(2000)
    setVisibility('hidden')
    vi.advanceTimersByTime(60_000) // a background tab: no time counts
    setVisibility('visible')
    vi.advanceTimersByTime(999)
    expect(visitRequests).toEqual([])
    vi.advanceTimersByTime(1)
    expect(visitRequests).toHaveLength(1)
  })

  it('never counts a page that is hidden from the start (a preview, a background tab)', () => {
    visibility = 'hidden'
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('harbor-realty', 'site')
    vi.advanceTimersByTime(10 * OPEN_VISIBLE_MS)
    expect(visitRequests).toEqual([])
  })

  it('begins one visit per tab and prospect: two widgets of one prospect, and a reload, ask once', async () => {
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('harbor-realty', 'embed')
    vi.advanceTimersByTime(1000)
    reporter.reportOpen('harbor-realty', 'embed')
    vi.advanceTimersByTime(OPEN_VISIBLE_MS)
    await settle()
    reporter.reportOpen('harbor-realty', 'embed')
    // The same tab after a reload: a new reporter, the same sessionStorage.
    const reloaded = createEngagementReporter(ENDPOINT)
    reloaded.reportOpen('harbor-realty', 'embed')
    reloaded.reportOpen('bright-smile-dental', 'embed')
    vi.advanceTimersByTime(OPEN_VISIBLE_MS)
    await settle()
    expect(visitRequests.map((request) => request.slug)).toEqual(['harbor-realty', 'bright-smile-dental'])
  })

  it('sends each batch with its visit’s id and token, one prospect per batch', async () => {
    visited('harbor-realty', 'bright-smile-dental')
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.report(started('harbor-realty'))
    reporter.report(started('bright-smile-dental'))
    reporter.flush()
    expect(beacons.map(({ batch }) => [batch.visit, batch.tokens, batch.events])).toEqual([
      [
        'visit-harbor-realty',
        { 'harbor-realty': visitOf('harbor-realty').token },
        [started('harbor-realty')],
      ],
      [
        visitOf('bright-smile-dental').id,
        { 'bright-smile-dental': visitOf('bright-smile-dental').token },
        [started('bright-smile-dental')],
      ],
    ])
  })

  it('begins the visit itself for an event that comes before the open, and sends the event once it is here', async () => {
    const reporter = createEngagementReporter(ENDPOINT, 'embed')
    reporter.report(started('harbor-realty'))
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    expect(beacons).toEqual([])
    expect(visitRequests).toEqual([
      { slug: 'harbor-realty', surface: 'embed', page: { url: `${location.origin}/`, title: '' } },
    ])
    await settle()
    expect(sentEvents()).toEqual([started('harbor-realty')])
    expect(beacons[0]?.batch.visit).toBe(visitOf('harbor-realty').id)
  })

  it('drops a prospect’s events on this page when the server does not count the visit (a rep, a limit, offline)', async () => {
    visitAnswer = () => Response.json({ visit: null })
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.report(started('harbor-realty'))
    reporter.flush()
    await settle()
    visitAnswer = () => Response.json({ error: { code: 'rate_limited' } }, { status: 429 })
    reporter.report(started('bright-smile-dental'))
    reporter.flush()
    await settle()
    reporter.report(started('harbor-realty'))
    reporter.report(started('bright-smile-dental'))
    reporter.flush()
    await settle()
    expect(beacons).toEqual([])
    expect(visitRequests).toHaveLength(2) // not asked again on this page
  })

  it('reports nothing for the fallback prospect', () => {
    const reporter = createEngagementReporter(ENDPOINT)
    reporter.reportOpen('visitor', 'site')
    reporter.report(started('visitor'))
    vi.advanceTimersByTime(OPEN_VISIBLE_MS + FLUSH_DELAY_MS)
    reporter.flush()
    expect(beacons).toEqual([])
    expect(visitRequests).toEqual([])
  })
})

describe('batches', () => {
  beforeEach(() => visited('harbor-realty', 'bright-smile-dental'))

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
    expect(beacons[0]?.batch.visit).toBe(visitOf('harbor-realty').id)
  })

  it(`splits a long queue into batches of at most ${MAX_EVENTS_PER_BATCH}`, () => {
    visited('harbor-realty')
    const reporter = createEngagementReporter(ENDPOINT)
    for (let i = 0; i < MAX_EVENTS_PER_BATCH * 2 + 1; i++)
      reporter.report({ name: 'demo_call_ended', slug: 'harbor-realty', seconds: i })
    vi.advanceTimersByTime(FLUSH_DELAY_MS)
    expect(beacons.map(({ batch }) => batch.events.length)).toEqual([
      MAX_EVENTS_PER_BATCH,
      MAX_EVENTS_PER_BATCH,
      1,
    ])
    expect(sentEvents().map((event) => ('seconds' in event ? event.seconds : null))).toEqual(
      Array.from({ length: MAX_EVENTS_PER_BATCH * 2 + 1 }, (_, i) => i),
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
  beforeEach(() => visited('harbor-realty'))

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
