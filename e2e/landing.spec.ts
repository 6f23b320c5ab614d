import { blockCalendly, bookFromCalendlyFrame, fakeCalendly } from './fakes/calendly.ts'
import { expect, hasHorizontalOverflow, test } from './fixtures.ts'

const MEETING_URL = 'https://calendly.com/callpilot/15min'
test('the sections come in order with their ids, and the header nav marks the one being read', async ({
  page,
  pageErrors,
}) => {
  await blockCalendly(page)
  await page.goto('/')
  const ids = await page.locator('main > section[id]').evaluateAll((sections) => sections.map((s) => s.id))
  expect(ids).toEqual(['features', 'demo', 'testimonials', 'contact'])
  await expect(page.getByRole('link', { name: 'Start Your Demo Now' })).toHaveAttribute('href', '/visitor')

  const nav = page.getByRole('navigation', { name: 'Sections' })
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'location')
  for (const title of ['Demo', 'Testimonials', 'Contact']) {
    const id = title.toLowerCase()
    await nav.getByRole('link', { name: title }).click()
    await expect(nav.getByRole('link', { name: title })).toHaveAttribute('aria-current', 'location')
    await expect(nav.locator('[aria-current]')).toHaveCount(1)
    // The smooth scroll may still be moving when the mark changes: wait for it to settle at the top.
    const top = () => page.locator(`#${id}`).evaluate((section) => section.getBoundingClientRect().top)
    await expect.poll(top).toBeLessThan(120) // at the top, below the sticky header
    expect(await top()).toBeGreaterThanOrEqual(-2)
    await expect(page).toHaveURL(new RegExp(`#${id}$`))
  }
  await nav.getByRole('link', { name: 'Home' }).click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'location')
  expect(pageErrors).toEqual([])
})

test(
  'testimonials: nine distinct, the claims, our own avatars, columns by width, paused on hover',
  { tag: '@phone' },
  async ({ page }, info) => {
    await blockCalendly(page)
    await page.goto('/')
    const section = page.locator('#testimonials')
    await expect(section.getByRole('heading', { name: 'What our users say' })).toBeVisible()

    // The looped copy is aria-hidden, so the accessibility tree holds each testimonial once.
    const quotes = section.locator('ul:not([aria-hidden]) blockquote')
    const texts = await quotes.allTextContents()
    expect(texts).toHaveLength(9)
    expect(new Set(texts).size).toBe(9)
    expect(await section.locator('ul[aria-hidden="true"] blockquote').count()).toBe(9)
    const all = texts.join(' ')
    for (const claim of [
      '95% fewer no-shows',
      '40% more table bookings',
      '70% of inbound questions handled',
      '200 calls in a month',
    ]) {
      expect(all).toContain(claim)
    }

    const origin = new URL(page.url()).origin
    const avatars = await section
      .locator('img')
      .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src))
    for (const src of avatars) expect(new URL(src).origin).toBe(origin)
    const avatar = await page.request.get(avatars[0] ?? '')
    expect(avatar.headers()['content-type']).toContain('svg')

    const columns = section.locator('.testimonial-column')
    const visible = await columns.evaluateAll((els) =>
      els.map((el) => getComputedStyle(el).display !== 'none'),
    )
    expect(visible).toEqual(info.project.name === 'phone' ? [true, false, false] : [true, true, true])
    expect(
      await section
        .locator('.testimonial-column')
        .first()
        .evaluate((el) => el.parentElement?.getBoundingClientRect().height),
    ).toBeLessThanOrEqual(740)

    const track = columns.first().locator('.testimonial-track')
    const state = () => track.evaluate((el) => getComputedStyle(el).animationPlayState)
    const duration = () => track.evaluate((el) => getComputedStyle(el).animationDuration)
    expect(await duration()).toBe('15s')
    await section.scrollIntoViewIfNeeded()
    await page.mouse.move(0, 0)
    expect(await state()).toBe('running')
    await columns.first().hover()
    expect(await state()).toBe('paused')
  },
)

test('reduced motion: testimonials stand still and the looped copy is gone', async ({ page }) => {
  await blockCalendly(page)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/')
  const track = page.locator('#testimonials .testimonial-track').first()
  expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
  await expect(page.locator('#testimonials ul[aria-hidden="true"]').first()).toBeHidden()
  expect(await page.locator('.contact-grid').evaluate((el) => getComputedStyle(el).animationName)).toBe(
    'none',
  )
})

test('Calendly blocked: the contact section offers a plain link to the meeting', async ({
  page,
  pageErrors,
}) => {
  await blockCalendly(page)
  await page.goto('/')
  const contact = page.locator('#contact')
  await expect(contact.getByRole('heading', { name: 'Ready to Get Started?' })).toBeVisible()
  const link = contact.getByRole('link', { name: 'Book a 15-minute call' })
  await expect(link).toHaveAttribute('href', MEETING_URL)
  await expect(link).toHaveAttribute('target', '_blank')
  await link.scrollIntoViewIfNeeded()
  await expect(link).toBeInViewport()
  expect(await hasHorizontalOverflow(page)).toBe(false)

  // Without the script, 'Schedule Meeting' opens the meeting page in a new tab.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  const popup = page.waitForEvent('popup')
  await page.context().route(MEETING_URL, (route) => route.fulfill({ body: 'meeting page' }))
  await page.getByRole('button', { name: 'Schedule Meeting' }).click()
  expect((await popup).url()).toBe(MEETING_URL)
  expect(pageErrors).toEqual([])
})

test('Calendly available: the inline calendar, the popup, and bookings only from Calendly', async ({
  page,
  pageErrors,
}) => {
  await fakeCalendly(page)
  await page.goto('/')
  const contact = page.locator('#contact')
  await expect(contact.getByText('Fake Calendly calendar')).toHaveCount(1)
  const box = await contact.locator('#booking > div').nth(1).boundingBox()
  expect(box?.height).toBe(700)
  expect(box?.width).toBeGreaterThanOrEqual(320)
  // One script and one stylesheet, however many components use them.
  expect(await page.locator('script[src*="assets.calendly.com"]').count()).toBe(1)
  expect(await page.locator('link[href*="assets.calendly.com"]').count()).toBe(1)

  await page.getByRole('button', { name: 'Schedule Meeting' }).click()
  const calls = await page.evaluate(
    () => (window as unknown as { __calendlyCalls: unknown[] }).__calendlyCalls,
  )
  expect(calls).toContainEqual(['inline', MEETING_URL, true])
  expect(calls).toContainEqual(['popup', MEETING_URL])

  const booked = contact.getByText('Your meeting is booked')
  // Messages arrive in order: once a second one has been received, the page has handled the first,
  // and a frame later anything it rendered would show.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.data === 'after') requestAnimationFrame(() => requestAnimationFrame(resolve))
        })
        window.postMessage({ event: 'calendly.event_scheduled' }, '*')
        window.postMessage('after', '*')
      }),
  )
  await expect(booked).toHaveCount(0) // our own origin is not Calendly
  expect(pageErrors).toEqual([])

  // Leaving the page removes Calendly's tags.
  await page.getByRole('link', { name: 'Try Demo Experience' }).click()
  await expect(page).toHaveURL(/\/visitor$/)
  expect(await page.locator('[src*="assets.calendly.com"], [href*="assets.calendly.com"]').count()).toBe(0)
})

test('a scheduled event from https://calendly.com shows the confirmation', async ({ page }) => {
  await fakeCalendly(page)
  await page.goto('/#contact')
  // The section's scheduler listens for Calendly's message once it is mounted: a frame that posts
  // before then is a message nobody was waiting for, as on the real page.
  await expect(page.locator('#contact').getByText('Fake Calendly calendar')).toBeVisible()
  await bookFromCalendlyFrame(page)
  await expect(page.locator('#contact').getByText('Your meeting is booked')).toBeVisible()
})

test('the landing page fits the width in light and dark', { tag: '@phone' }, async ({ page }) => {
  await blockCalendly(page)
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
    await page.goto('/')
    await page.locator('#contact').scrollIntoViewIfNeeded()
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    expect(await hasHorizontalOverflow(page)).toBe(false)
  }
})
