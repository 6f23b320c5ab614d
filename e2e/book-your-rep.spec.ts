import type { Page } from '@playwright/test'
import sharp from 'sharp'
import type { EventBatch } from '#core/engagement.ts'
import { bookFromCalendlyFrame, deliverCalendlyBooking, fakeCalendly } from './fakes/calendly.ts'
import { hasHorizontalOverflow } from './fixtures.ts'
import { expect, test } from './rep-fixtures.ts'
import { ADMIN, createProspectWithApi, signInWithApi } from './rep-product.ts'

/**
 * Book your rep, end to end on a product of this spec's own: a rep gives their name, Calendly link and
 * photo on their profile; their prospect's page offers "Book a call with {first name}" beside them and
 * opens the rep's scheduler inline on the click; the booking Calendly's frame reports is the
 * prospect's, and the rep's Timeline names whom it was with.
 */

// A person's browser: a headless browser's User-Agent is one of the automated visitors whose reports
// the server counts as nothing.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
})

const LINK = 'https://calendly.com/sam-rivera/30min'

/** The first event batch the page sends holding `name`, once the server answered it. */
const nextBatchWith = (page: Page, name: string): Promise<EventBatch> =>
  page
    .waitForRequest(
      (request) =>
        request.url().endsWith('/api/events') &&
        ((JSON.parse(request.postData() ?? '{"events":[]}') as EventBatch).events ?? []).some(
          (event) => event.name === name,
        ),
    )
    .then(async (request) => {
      expect((await request.response())?.status()).toBe(202)
      return JSON.parse(request.postData() ?? '') as EventBatch
    })

test("a prospect books their rep from their own page, and the rep's Timeline names them", async ({
  page,
  browser,
  baseURL,
  pageErrors,
}, testInfo) => {
  test.slow() // a profile, a page, a booking, then the rep's Timeline catching up
  const slug = `book-rep-${testInfo.project.name}-${Date.now().toString(36)}`

  // The rep signs in and fills in their profile: name, link, photo (a camera's JPEG, cropped square).
  const repContext = await browser.newContext(baseURL ? { baseURL } : {})
  const session = await signInWithApi(repContext.request, ADMIN.email, ADMIN.password)
  const repPage = await repContext.newPage()
  await repPage.goto('/_/activity')
  await repPage.getByRole('banner').getByRole('link', { name: ADMIN.email }).click()
  await expect(repPage).toHaveURL(/\/_\/profile$/)
  await expect(repPage.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
  await repPage.getByLabel('Your scheduling link').fill('https://evil.example/sam')
  await repPage.getByRole('button', { name: 'Save' }).click()
  await expect(repPage.getByText(/must be a page on calendly\.com/)).toBeVisible()
  await repPage.getByLabel('Your name').fill('Sam Rivera')
  await repPage.getByLabel('Your scheduling link').fill(LINK)
  await repPage.getByRole('button', { name: 'Save' }).click()
  await expect(repPage.getByText('Saved. Your prospects now book a call in your calendar.')).toBeVisible()
  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer()
  await repPage
    .locator('input[type="file"]')
    .setInputFiles({ name: 'sam.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(repPage.getByText('Photo saved.')).toBeVisible()
  await expect(repPage.getByRole('img', { name: "Sam Rivera's photo" })).toBeVisible()

  await createProspectWithApi(repContext.request, session, {
    slug,
    name: 'Dr. Nora Lake',
    company_name: 'Lakeside Dental',
    first_message: 'Thanks for calling Lakeside Dental, how can I help?',
    system: 'You are the receptionist of Lakeside Dental.',
  })

  // The prospect opens their page: their rep, by name and photo, and the action.
  await fakeCalendly(page)
  await page.goto(`/${slug}`)
  const section = page.getByRole('region', { name: 'Talk to Sam Rivera' })
  await expect(section.getByRole('img', { name: 'Sam Rivera' })).toBeVisible()
  const book = section.getByRole('button', { name: 'Book a call with Sam' })
  // Nothing of Calendly's before the visitor asks.
  expect(await page.evaluate(() => 'Calendly' in window)).toBe(false)
  await book.focus()
  await page.keyboard.press('Enter')
  await expect(section.getByText('Fake Calendly calendar')).toBeVisible()
  expect(
    await page.evaluate(() => (window as unknown as { __calendlyCalls: unknown[] }).__calendlyCalls),
  ).toEqual([['inline', `${LINK}?utm_source=voice-demo&utm_medium=prospect-page&utm_content=${slug}`, true]])
  expect(await hasHorizontalOverflow(page)).toBe(false)

  // Calendly's frame says a meeting was booked: reported for this prospect, with the rep's name.
  const booked = nextBatchWith(page, 'meeting_booked')
  await bookFromCalendlyFrame(page)
  await expect(section.getByText('Your meeting is booked')).toBeVisible()
  expect((await booked).events).toContainEqual(
    expect.objectContaining({ name: 'meeting_booked', slug, rep: 'Sam Rivera' }),
  )

  // The rep's Timeline shows the page's word, and the booking once Calendly's signed webhook confirms it.
  await repPage.goto(`/_/prospects/${slug}`)
  const timeline = repPage.getByRole('region', { name: 'Timeline' })
  await expect(timeline).toContainText('The page says they booked a call with Sam Rivera (not confirmed)', {
    timeout: 60_000,
  })
  const delivered = await deliverCalendlyBooking(
    page.request,
    `${LINK}?utm_source=voice-demo&utm_medium=prospect-page&utm_content=${slug}`,
    { invitee: `https://api.calendly.com/scheduled_events/E2E-${slug}/invitees/E2E-1`, host: 'Sam Rivera' },
  )
  expect(delivered.status(), await delivered.text()).toBe(200)
  await expect(timeline).toContainText(/Booked a call with Sam Rivera for /, { timeout: 60_000 })
  await expect(timeline.getByText('Booked', { exact: true })).toBeVisible()
  expect(pageErrors).toEqual([])
  await repContext.close()
})
