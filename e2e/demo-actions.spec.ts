import type { Locator, Page } from '@playwright/test'
import { expectConnected, expectDisconnected } from './call-helpers.ts'
import { readFakeDailyCalls, serveFakeDaily } from './fakes/fake-daily.ts'
import { readVapiRequests, sendToolCall } from './fakes/voice-platform.ts'
import { expect, test } from './fixtures.ts'
import { E2E_ADMIN } from './global-setup.ts'
import { signInWithApi } from './rep-product.ts'

/**
 * The demo agent acting for the business while the prospect talks to it: the fake voice platform
 * calls the demo's tools during a browser call, as the real one does when the agent decides to, and
 * the page shows each booking, message and hand-over as it happens; they stay after the call, and the
 * rep's timeline lists them.
 */

const SLUG = 'bright-smile-dental'
const PAGES = [
  { name: 'the prospect page (site)', path: `/${SLUG}` },
  { name: 'a partner page (embed snippet)', path: '/embed-demo/' },
]

/** The platform's id of the call this page joined (other tests share the fake). */
async function callIdOf(page: Page): Promise<string> {
  const room = (await readFakeDailyCalls(page)).at(-1)?.url
  const created = (await readVapiRequests()).find(
    (request) => (request.answer?.body as { webCallUrl?: string } | undefined)?.webCallUrl === room,
  )
  const id = (created?.answer?.body as { id?: string } | undefined)?.id
  if (!id) throw new Error(`no web call made the room ${room}`)
  return id
}

/** Waits for `locator` and says how long it took from `since`. */
async function msUntilVisible(locator: Locator, since: number): Promise<number> {
  await expect(locator).toBeVisible()
  return Date.now() - since
}

for (const { name, path } of PAGES) {
  test(`${name}: the agent books, takes a message and hands over, and the page shows each as it happens`, async ({
    page,
    pageErrors,
  }, testInfo) => {
    await serveFakeDaily(page)
    await page.goto(path)
    const demo = page.locator('voice-demo')
    await demo.getByRole('button', { name: 'Test in Browser' }).click()
    await expectConnected(demo)
    const callId = await callIdOf(page)
    const done = demo.getByRole('log', { name: 'What the agent did for Bright Smile Dental' })
    await expect(done).toHaveCount(0)

    // The agent looks up the calendar: the free times come back in words, with today's date.
    const availability = await sendToolCall(callId, 'check_availability', {})
    expect(availability).toMatch(/^Today is \w+day, \w+ \d+\. Free times: /)
    const start = /\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2})\)/.exec(availability)?.[1] as string

    // It books: the page shows the booking in the demo calendar.
    const bookedAt = Date.now()
    const booked = await sendToolCall(callId, 'book_appointment', {
      start,
      name: 'Jane Doe',
      reason: 'check-up',
    })
    expect(booked).toMatch(/^Booked for Jane Doe on .* The booking reference is B-\d{4}\.$/)
    const reference = /B-\d{4}/.exec(booked)?.[0] as string
    const bookingCard = done.getByRole('listitem').filter({ hasText: 'Appointment booked' })
    const shownMs = await msUntilVisible(bookingCard, bookedAt)
    await expect(bookingCard).toContainText(`Jane Doe · check-up · Ref. ${reference}`)
    testInfo.annotations.push({
      type: 'booking shown after the tool call (ms)',
      description: String(shownMs),
    })

    // A message for the team, as the text they would get, and a hand-over.
    await sendToolCall(callId, 'take_message', {
      name: 'Jane Doe',
      phone: '555 0100',
      message: 'Please call about my crown.',
      urgent: true,
    })
    await sendToolCall(callId, 'hand_over', { reason: 'Wants to talk about a bill' })
    await expect(
      done.getByRole('listitem').filter({ hasText: 'Text message to Bright Smile Dental' }),
    ).toContainText('Jane Doe (555 0100): Please call about my crown.')
    await expect(done.getByRole('listitem').filter({ hasText: 'Call handed over' })).toContainText(
      'Would put the caller through to the front desk: Wants to talk about a bill',
    )

    // The call ends; what the agent did stays on the page for the visit.
    await demo.getByRole('button', { name: 'Stop Call' }).click()
    await expectDisconnected(page, demo)
    await expect(done.getByRole('listitem')).toHaveCount(3)
    expect(pageErrors).toEqual([])
  })
}

test("the rep's timeline lists what the agent did during the prospect's call", async ({
  page,
  browser,
  baseURL,
}) => {
  await serveFakeDaily(page)
  await page.goto(`/${SLUG}`)
  const demo = page.locator('voice-demo')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  const callId = await callIdOf(page)
  const availability = await sendToolCall(callId, 'check_availability', {})
  const start = /\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2})\)/.exec(availability)?.[1] as string
  const name = `Timeline Caller ${Date.now().toString(36)}`
  await sendToolCall(callId, 'book_appointment', { start, name })
  await demo.getByRole('button', { name: 'Stop Call' }).click()

  const repContext = await browser.newContext(baseURL ? { baseURL } : {})
  await signInWithApi(repContext.request, E2E_ADMIN.email, E2E_ADMIN.password)
  const repPage = await repContext.newPage()
  await repPage.goto(`/_/prospects/${SLUG}`)
  await expect(repPage.getByRole('region', { name: 'Timeline' })).toContainText(
    new RegExp(
      `Booked a demo appointment during the call: \\w+day, \\w+ \\d+ at \\d+:\\d\\d [ap]m, for ${name}`,
    ),
  )
  await repContext.close()
})
