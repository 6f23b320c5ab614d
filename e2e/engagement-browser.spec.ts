import type { BrowserContext, Page } from '@playwright/test'
import { type BrowserEvent, type EventBatch, OPEN_VISIBLE_MS, VISIT_TOKEN_PATTERN } from '#core/engagement.ts'
import { VISIT_STORAGE_KEY } from '#core/engagement-visit.ts'
import { expectConnected, expectDisconnected } from './call-helpers.ts'
import { BOOKED_EVENT_URI, bookFromCalendlyFrame, fakeCalendly } from './fakes/calendly.ts'
import { readFakeDailyCalls, serveFakeDaily } from './fakes/fake-daily.ts'
import { readVapiRequests } from './fakes/voice-platform.ts'
import { expect, test } from './fixtures.ts'

/**
 * What the browser reports about a visit, in Chromium against the built product: the events are caught
 * where they leave the page (`/api/events`, routed for the whole context), whatever the server's route
 * does with them. The open rule (3 s visible) runs on Playwright's clock, stopped and moved by the
 * test, never on the machine's speed.
 */

const SLUG = 'bright-smile-dental'

/** Every batch the context's pages send to `/api/events`, answered 202 as the server does. */
async function catchEvents(context: BrowserContext) {
  const batches: EventBatch[] = []
  await context.route('**/api/events', async (route) => {
    const batch = JSON.parse(route.request().postData() ?? '{}') as EventBatch
    batches.push(batch)
    await route.fulfill({ status: 202, json: { accepted: batch.events.length } })
  })
  return {
    batches,
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
 * Lets the page boot on the stopped clock until the widget's engagement chunk has arrived and started
 * the open's clock (it then keeps the tab's visit in sessionStorage). Time moves in steps of 20 ms,
 * so at most 20 ms of it counts towards the open by the time this returns.
 */
async function bootUntilCounting(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(20)
      return page.evaluate((key) => sessionStorage.getItem(key), VISIT_STORAGE_KEY)
    })
    .not.toBeNull()
}

/** The tab's visit as the page keeps it: its id and the prospects already counted as opened. */
const visitOf = async (page: Page): Promise<{ id: string; opened: string[] }> =>
  JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), VISIT_STORAGE_KEY)) ?? '{}')

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

test('a prospect page counts as opened after 3 s in view in all, hidden time aside, and reports it once as it is hidden', async ({
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
  expect((await visitOf(page)).opened).toEqual([])

  await page.clock.runFor(100) // 3 s in view, in all: the panel and the video button asked, one open
  await setVisibility(page, 'hidden') // what waits is sent at once
  await expect.poll(() => caught.events('page_opened')).toHaveLength(1)
  expect(caught.events('page_opened')).toEqual([
    { name: 'page_opened', slug: SLUG, surface: 'site', origin: new URL(baseURL ?? '').origin },
  ])
  const batch = caught.batches.find((sent) => sent.events.length > 0)
  expect(batch?.visit).toBe((await visitOf(page)).id)
  // With the visit token the page's prospect answer carried, which the server checks.
  expect(batch?.tokens).toEqual({ [SLUG]: expect.stringMatching(VISIT_TOKEN_PATTERN) })
})

test('a page left before 3 s in view counts no open; the next one, seen long enough, counts its own', async ({
  page,
}) => {
  const caught = await catchEvents(page.context())
  await stopClock(page)
  await page.goto(`/${SLUG}`)
  await bootUntilCounting(page)
  await page.clock.runFor(OPEN_VISIBLE_MS - 100)

  await page.goto('/harbor-realty') // the same tab keeps its visit: the first page did not count
  expect((await visitOf(page)).opened).toEqual([])
  // A fresh visit in this tab, so that the test sees the new page's open clock start.
  await page.evaluate((key) => sessionStorage.removeItem(key), VISIT_STORAGE_KEY)
  await bootUntilCounting(page)
  await page.clock.runFor(OPEN_VISIBLE_MS)
  await setVisibility(page, 'hidden')
  await expect.poll(() => caught.events('page_opened').map((event) => event.slug)).toContain('harbor-realty')
  expect(caught.events('page_opened').map((event) => event.slug)).toEqual(['harbor-realty'])
})

test('a browser call reports its start and its end with the seconds it was live, and its metadata names the visit', async ({
  page,
}) => {
  const caught = await catchEvents(page.context())
  await serveFakeDaily(page)
  await page.goto(`/${SLUG}`)
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

  // The platform's call carries the prospect and the visit, for its end-of-call report.
  const room = (await readFakeDailyCalls(page)).at(-1)?.url
  const request = (await readVapiRequests()).find(
    (recorded) => (recorded.answer?.body as { webCallUrl?: string } | undefined)?.webCallUrl === room,
  )
  expect(request?.body).toMatchObject({
    assistantOverrides: {
      metadata: { prospectSlug: SLUG, visitId: (await visitOf(page)).id, source: 'browser' },
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
  await setVisibility(page, 'hidden')
  await expect.poll(() => caught.events('page_opened')).toHaveLength(1)
  // Same origin as the widget and the API: nothing tells it from our site (a partner's is another origin).
  expect(caught.events('page_opened')).toEqual([
    { name: 'page_opened', slug: SLUG, surface: 'site', origin: new URL(baseURL ?? '').origin },
  ])
})

test("a partner's page on another origin reports its open as an embed, with the partner's origin", async ({
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
  await page.goto('http://partner.test/demo')
  await bootUntilCounting(page)
  await page.clock.runFor(OPEN_VISIBLE_MS)
  await setVisibility(page, 'hidden')
  await expect.poll(() => caught.events('page_opened')).toHaveLength(1)
  expect(caught.events('page_opened')).toEqual([
    { name: 'page_opened', slug: 'harbor-realty', surface: 'embed', origin: 'http://partner.test' },
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
