import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { CallMetadata, EventBatch, VisitResponse } from '#core/engagement.ts'
import { expectConnected, expectDisconnected } from './call-helpers.ts'
import {
  BOOKED_EVENT_URI,
  bookFromCalendlyFrame,
  deliverCalendlyBooking,
  fakeCalendly,
  readCalendlyUrls,
} from './fakes/calendly.ts'
import { E2E_VAPI_WEBHOOK_SECRET, readDeliveredNudges } from './fakes/engagement-env.ts'
import { serveFakeDaily } from './fakes/fake-daily.ts'
import { readVapiRequests } from './fakes/voice-platform.ts'
import { expect, test } from './fixtures.ts'
import { E2E_REP } from './global-setup.ts'
import { createProspectWithApi, signInWithApi } from './rep-product.ts'

/**
 * Engagement end to end: a prospect opens their page, talks to the agent in the browser (the voice
 * platform's end-of-call report then arrives at our webhook), asks for a phone call and books a
 * meeting (the scheduler's signed webhook confirms it); meanwhile their rep watches the prospect's
 * timeline fill in by itself, and the reps' channel (a loopback fake of a Slack webhook) gets the
 * nudges. Everything runs on the main e2e product, against a prospect this test creates, so no other
 * test's visits mix in.
 */

// A person's browser: a headless browser's User-Agent is one of the automated visitors (link
// scanners, preview bots) whose reports the server counts as nothing.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
})

const REPORT_FIXTURE = new URL(
  '../server/src/webhooks/testing/end-of-call-report-web-call.json',
  import.meta.url,
)
const SUMMARY = 'Asked whether the agent can book cleanings on Saturdays; wants a call next week.'

/**
 * Resolves with the first event batch the page sends that holds an event named `name`, once the
 * server has answered it: its events are stored, dated by the server's clock, by then.
 */
function nextBatchWith(page: Page, name: string): Promise<EventBatch> {
  return page
    .waitForRequest((request) => request.url().endsWith('/api/events') && hasEvent(request.postData(), name))
    .then(async (request) => {
      expect((await request.response())?.status()).toBe(202)
      return JSON.parse(request.postData() ?? '') as EventBatch
    })
}
const hasEvent = (body: string | null, name: string) =>
  body !== null && (JSON.parse(body) as EventBatch).events.some((event) => event.name === name)

test("a prospect's visit reaches their rep: the timeline in order with the call's summary, and the nudges", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow() // a whole visit: page, call, report, phone call, booking, then the rep's refreshes
  const slug = `engaged-${testInfo.project.name}-${Date.now().toString(36)}`
  const company = `Lakeside Dental ${testInfo.project.name}`

  // The rep made the prospect and opens its page before anything happened.
  const repContext = await browser.newContext(baseURL ? { baseURL } : {})
  const session = await signInWithApi(repContext.request, E2E_REP.email, E2E_REP.password)
  await createProspectWithApi(repContext.request, session, {
    slug,
    name: 'Dr. Nora Lake',
    company_name: company,
    first_message: 'Thanks for calling Lakeside Dental, how can I help?',
    system: 'You are the receptionist of Lakeside Dental.',
  })
  const repPage = await repContext.newPage()
  await repPage.goto(`/_/prospects/${slug}`)
  const timeline = repPage.getByRole('region', { name: 'Timeline' })
  await expect(timeline).toContainText('No activity yet')

  // The prospect opens their page; it counts as opened once it has been on screen for a moment.
  await serveFakeDaily(page)
  const opened = page.waitForResponse((response) => response.url().endsWith('/api/visits'))
  await page.goto(`/${slug}`)
  const begun = await opened
  expect(begun.status()).toBe(201)
  const visit = ((await begun.json()) as VisitResponse).visit?.id
  const demo = page.locator('voice-demo')

  // A browser call, started and ended by the visitor.
  const ended = nextBatchWith(page, 'demo_call_ended')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  await expectDisconnected(page, demo)
  expect((await ended).visit).toBe(visit)

  // The call carried the prospect and the visit to the voice platform, which reports the call back
  // to our webhook with that metadata once it has ended.
  const metadataOf = (body: unknown) =>
    (body as { assistantOverrides?: { metadata?: CallMetadata } }).assistantOverrides?.metadata
  const webCall = (await readVapiRequests()).find(
    (request) => request.path === '/call/web' && metadataOf(request.body)?.prospectSlug === slug,
  )
  const metadata = metadataOf(webCall?.body ?? {})
  expect(metadata).toEqual({ prospectSlug: slug, visitId: visit, source: 'browser' })
  const report = JSON.parse(await readFile(REPORT_FIXTURE, 'utf8'))
  report.message.call.id = `e2e-${slug}`
  report.message.call.assistantOverrides.metadata = metadata
  report.message.summary = SUMMARY
  report.message.analysis.summary = SUMMARY
  report.message.durationSeconds = 125
  // When it happened: the call just ended, as the platform's clock says (after the page's own end of
  // call was stored: the batch above was answered).
  const endedAt = new Date()
  report.message.startedAt = new Date(endedAt.getTime() - 125_000).toISOString()
  report.message.endedAt = endedAt.toISOString()
  report.message.timestamp = endedAt.getTime()
  const posted = await page.request.post('/api/webhooks/vapi', {
    data: report,
    headers: { 'X-Vapi-Secret': E2E_VAPI_WEBHOOK_SECRET },
  })
  expect(posted.status()).toBe(200)

  // "Call Me", placed: the server records the call it placed.
  await demo.getByRole('button', { name: 'Call Me' }).click()
  const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('(650) 253-0017')
  await dialog.getByRole('button', { name: 'Call Me' }).click()
  await expect(demo.getByRole('status').filter({ hasText: 'Call Initiated' })).toBeVisible()

  // They book the intro meeting in the scheduler on the home page, in the same tab: Calendly's frame
  // tells its parent page, as the real inline widget does.
  await fakeCalendly(page)
  const booked = nextBatchWith(page, 'meeting_booked')
  await page.goto('/#contact')
  await expect(page.locator('#contact').getByText('Fake Calendly calendar')).toBeVisible()
  await bookFromCalendlyFrame(page)
  await expect(page.getByText('Your meeting is booked')).toBeVisible()
  expect((await booked).events).toContainEqual({
    name: 'meeting_booked',
    slug,
    eventUri: expect.stringMatching(BOOKED_EVENT_URI),
  })
  // The calendar was opened with a link naming the prospect, and Calendly's webhook, signed, says so.
  const [calendarUrl = ''] = await readCalendlyUrls(page)
  expect(new URL(calendarUrl).searchParams.get('utm_content')).toBe(slug)
  const delivered = await deliverCalendlyBooking(page.request, calendarUrl, {
    invitee: `https://api.calendly.com/scheduled_events/E2E-${slug}/invitees/E2E-INVITEE`,
    host: 'Sam Rivera',
  })
  expect(await delivered.json()).toEqual({ stored: true, status: 'recorded' })

  // The rep's open page catches up by itself (it asks again while visible): newest first.
  const entries = timeline.locator('ol').first().locator(':scope > li')
  await expect(entries.first()).toContainText('Booked a call with Sam Rivera', { timeout: 60_000 })
  const texts = await entries.allInnerTexts()
  const events = texts.filter((text) => !text.startsWith('Browser call report'))
  const order = [
    /^Booked a call with Sam Rivera for /,
    /^The page says they booked a call \(not confirmed\)/,
    /^Asked for a phone call · we called them/,
    /^Talked to the agent in the browser · \d+ s/,
    /^Started talking to the agent in the browser/,
    /^Opened the page on 127\.0\.0\.1:\d+ \(their page, as the page reported\)/,
  ]
  expect(events, texts.join('\n')).toHaveLength(order.length)
  for (const [index, pattern] of order.entries()) expect(events[index]).toMatch(pattern)
  // The platform's report sits at the call's end: after the call started, before the phone request
  // (beside the page's own "talked", which the page sent a moment after the same end).
  const at = (pattern: RegExp) => texts.findIndex((text) => pattern.test(text))
  const reportIndex = at(/^Browser call report · 2 min 5 s/)
  expect(reportIndex).toBeGreaterThan(at(/^Asked for a phone call/))
  expect(reportIndex).toBeLessThan(at(/^Started talking/))
  await expect(timeline).toContainText(SUMMARY)
  await expect(timeline).toContainText('Booked')

  // The reps' channel heard about it, once each: opened, asked for a call, talked, booked. "Talked"
  // comes from the voice platform's report (2 min 5 s, said exactly), never from the page's own end of
  // call; "asked" from the server's record of the call it placed.
  const nudges = () => readDeliveredNudges().then((texts) => texts.filter((text) => text.includes(company)))
  await expect.poll(async () => (await nudges()).length, { timeout: 60_000 }).toBe(4)
  // Each names the owner (the rep who made the prospect) and links to the prospect's page for reps,
  // on the address the server printed (no SITE_URL here).
  const after = `(owner: ${E2E_REP.email}) <${baseURL}/_/prospects/${slug}|See their activity>`
  expect([...(await nudges())].sort()).toEqual(
    [
      `Dr. Nora Lake (${company}) opened their demo page ${after}`,
      `Dr. Nora Lake (${company}) asked for a phone call ${after}`,
      `Dr. Nora Lake (${company}) talked to their agent for 2 min 5 s ${after}`,
      `Dr. Nora Lake (${company}) booked a meeting ${after}`,
    ].sort(),
  )
  await repContext.close()
})
