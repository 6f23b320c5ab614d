import type { BrowserContext, Page } from '@playwright/test'
import { type BrowserEvent, type EventBatch, OPEN_VISIBLE_MS, type VisitRequest } from '#core/engagement.ts'
import { VISIT_STORAGE_KEY } from '#core/engagement-visit.ts'
import { expectConnected, expectDisconnected } from './call-helpers.ts'
import { BOOKED_EVENT_URI, bookFromCalendlyFrame, fakeCalendly } from './fakes/calendly.ts'
import { readFakeDailyCalls, serveFakeDaily } from './fakes/fake-daily.ts'
import { readVapiRequests } from './fakes/voice-platform.ts'
import { expect, test } from './fixtures.ts'

/**
 * What the browser reports about a visit, in Chromium against the built product: the visits it begins
 * and the events are caught where they leave the page (`/api/visits`, `/api/events`, routed for the
 * whole context), whatever the server's routes do with them. The open rule (3 s visible) runs on
 * Playwright's clock, stopped and moved by the test, never on the machine's speed.
 */

const SLUG = 'bright-smile-dental'

/** The visit the caught server begins for `slug`: its id names the slug, for the assertions. */
const visitFor = (slug: string) => ({
  id: `e2e-visit-${slug}`.slice(0, 64),
  token: 'tyf0w0.0123456789abcdef0123456789abcdef',
})

/**
 * Every visit the context's pages begin (`/api/visits`, answered 201 with {@link visitFor}) and every
 * batch they send to `/api/events` (answered 202), as the server does.
 */
async function catchEvents(context: BrowserContext) {
  const batches: EventBatch[] = []
  const visits: { body: VisitRequest; origin: string | undefined }[] = []
  await context.route('**/api/visits', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as VisitRequest
    visits.push({ body, origin: route.request().headers().origin })
    await route.fulfill({
      status: 201,
      json: { visit: visitFor(body.slug) },
      headers: { 'Access-Control-Allow-Origin': '*' },
    })
  })
  await context.route('**/api/events', async (route) => {
    const batch = JSON.parse(route.request().postData() ?? '{}') as EventBatch
    batches.push(batch)
    await route.fulfill({ status: 202, json: { accepted: batch.events.length } })
  })
  return {
    batches,
    visits,
    events: (name?: BrowserEvent['name']): BrowserEvent[] =>
      batches.flatMap((batch) => batch.events).filter((event) => !name || event.name === name),
  }
}

/** Stops the page's clock before it loads: its timers then run only when the test moves time. */
async function stopClock(page: Page): Promise<void> {
  const now = Date.now()
  await page.clock.install({ time: now })
  await page.clock.pauseAt(now + 1000)
}

/**
 * Lets the page boot on the stopped clock until the widget's engagement chunk has arrived (it starts
 * the open's clock as it runs). Time moves in steps of 20 ms, so at most 40 ms of it counts towards
 * the open by the time this returns.
 */
async function bootUntilCounting(page: Page): Promise<void> {
  let fetched = false
  const onResponse = (response: { url(): string }) => {
    if (response.url().includes('/engagement-chunk-')) fetched = true
  }
  page.on('response', onResponse)
  try {
    await expect
      .poll(async () => {
        await page.clock.runFor(20)
        return fetched
      })
      .toBe(true)
  } finally {
    page.off('response', onResponse)
  }
  await page.clock.runFor(20) // the chunk, once fetched, has run
}

/** The tab's visits as the page keeps them: the prospects whose visit began, and each visit. */
const visitsOf = async (page: Page): Promise<[string, { id: string; token: string }][]> =>
  JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), VISIT_STORAGE_KEY)) ?? '[]')

/**
 * Turns the page hidden or visible with its `visibilitychange`, as switching tabs, minimising or
 * closing the tab does. (A beacon sent while a page is being unloaded never reaches Playwright's
 * routes, so the events are caught as the page is hidden, which comes first when a tab is closed.)
 */
const setVisibility = (page: Page, state: DocumentVisibilityState) =>
  page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value })
    document.dispatchEvent(new Event('visibilitychange'))
  }, state)

test('a prospect page counts as opened after 3 s in view in all, hidden time aside: it begins its visit once', async ({
  page,
  baseURL,
}) => {
  const caught = await catchEvents(page.context())
  await stopClock(page)
  await page.goto(`/${SLUG}`)
  await bootUntilCounting(page)

  // Hidden right away (a tab opened in the background, a preview): no time counts.
  await setVisibility(page, 'hidden')
  await page.clock.runFor(60_000)
  await setVisibility(page, 'visible')
  await page.clock.runFor(OPEN_VISIBLE_MS - 100)
  expect(caught.visits).toEqual([])

  await page.clock.runFor(100) // 3 s in view, in all: the panel and the video button asked, one visit
  await expect.poll(() => caught.visits.length).toBe(1)
  // The request is the open; the server takes the page's site from the Origin its browser sent.
  expect(caught.visits).toEqual([
    { body: { slug: SLUG, surface: 'site' }, origin: new URL(baseURL ?? '').origin },
  ])
  await expect.poll(() => visitsOf(page)).toEqual([[SLUG, visitFor(SLUG)]])
})

test('a page left before 3 s in view counts no open; the next one, seen long enough, counts its own', async ({
  page,
}) => {
  const caught = await catchEvents(page.context())
  await stopClock(page)
  await page.goto(`/${SLUG}`)
  await bootUntilCounting(page)
  await page.clock.runFor(OPEN_VISIBLE_MS - 100)

  await page.goto('/harbor-realty') // the first page began no visit
  expect(caught.visits).toEqual([])
  await bootUntilCounting(page)
  await page.clock.runFor(OPEN_VISIBLE_MS)
  await expect.poll(() => caught.visits.map((visit) => visit.body.slug)).toEqual(['harbor-realty'])
})

test('a browser call reports its start and its end with the seconds it was live, and its metadata names the visit', async ({
  page,
}) => {
  const caught = await catchEvents(page.context())
  await serveFakeDaily(page)
  await page.goto(`/${SLUG}`)
  // The page counted as opened: its visit began.
  await expect.poll(() => visitsOf(page), { timeout: 30_000 }).toEqual([[SLUG, visitFor(SLUG)]])
  const demo = page.locator('voice-demo')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  await expectDisconnected(page, demo)

  await expect
    .poll(() => caught.events().filter((event) => event.name.startsWith('demo_call_')))
    .toEqual([
      { name: 'demo_call_started', slug: SLUG },
      { name: 'demo_call_ended', slug: SLUG, seconds: expect.any(Number) },
    ])
  const [ended] = caught.events('demo_call_ended') as Array<{ seconds: number }>
  expect(ended?.seconds).toBeGreaterThanOrEqual(0)

  // With the visit's token, which the server checks.
  expect(caught.batches.at(-1)).toMatchObject({
    visit: visitFor(SLUG).id,
    tokens: { [SLUG]: visitFor(SLUG).token },
  })
  // The platform's call carries the prospect and the visit, for its end-of-call report.
  const room = (await readFakeDailyCalls(page)).at(-1)?.url
  const request = (await readVapiRequests()).find(
    (recorded) => (recorded.answer?.body as { webCallUrl?: string } | undefined)?.webCallUrl === room,
  )
  expect(request?.body).toMatchObject({
    assistantOverrides: {
      metadata: { prospectSlug: SLUG, visitId: visitFor(SLUG).id, source: 'browser' },
    },
  })
})

test("the partner demo page reports its open as our own site's: this product serves it from its own origin", async ({
  page,
  baseURL,
}) => {
  const caught = await catchEvents(page.context())
  await stopClock(page)
  await page.goto('/embed-demo/')
  await bootUntilCounting(page)
  await page.clock.runFor(OPEN_VISIBLE_MS)
  await expect.poll(() => caught.visits.length).toBe(1)
  // Same origin as the widget and the API: nothing tells it from our site (a partner's is another origin).
  expect(caught.visits).toEqual([
    { body: { slug: SLUG, surface: 'site' }, origin: new URL(baseURL ?? '').origin },
  ])
})

test("a partner's page on another origin reports its open as an embed, with the partner's origin and page", async ({
  page,
  baseURL,
}) => {
  const caught = await catchEvents(page.context())
  await page.route('http://partner.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Partner</title><h1>Partner page</h1>
        <script type="module" async src="${baseURL}/widget.mjs"></script>
        <voice-demo slug="harbor-realty"></voice-demo>`,
    }),
  )
  await stopClock(page)
  // The page's own query and fragment (a visitor's campaign tags, a token) never travel.
  await page.goto('http://partner.test/demo?utm_source=mail&visitor=ann#top')
  await bootUntilCounting(page)
  await page.clock.runFor(OPEN_VISIBLE_MS)
  await expect.poll(() => caught.visits.length).toBe(1)
  expect(caught.visits).toEqual([
    {
      body: {
        slug: 'harbor-realty',
        surface: 'embed',
        page: { url: 'http://partner.test/demo', title: 'Partner' },
      },
      origin: 'http://partner.test',
    },
  ])
})

test('a meeting booked from the landing page is reported for the prospect whose page this tab opened', async ({
  page,
}) => {
  const caught = await catchEvents(page.context())
  await fakeCalendly(page)
  await stopClock(page)
  await page.goto(`/${SLUG}`)
  await bootUntilCounting(page)
  await page.clock.runFor(OPEN_VISIBLE_MS)
  await page.clock.resume()

  await page.getByRole('button', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await bookFromCalendlyFrame(page)
  await expect(page.locator('#contact').getByText('Your meeting is booked')).toBeVisible()
  await expect
    .poll(() => caught.events('meeting_booked'))
    .toEqual([{ name: 'meeting_booked', slug: SLUG, eventUri: expect.stringMatching(BOOKED_EVENT_URI) }])
})
