import { expect, hasHorizontalOverflow, test } from './fixtures.ts'

test('the landing page shows the header, the product and a way into the demo', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/')
  await expect(page.getByRole('banner')).toContainText('CallPilot')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const tryDemo = page.getByRole('link', { name: 'Try Demo Experience' })
  await expect(tryDemo).toHaveAttribute('href', '/visitor')
  expect(await hasHorizontalOverflow(page)).toBe(false)

  await tryDemo.click()
  await expect(page).toHaveURL(/\/visitor$/)
  await expect(
    page.getByRole('heading', { name: 'Hear what an AI voice agent would do for your business' }),
  ).toBeVisible()
  expect(pageErrors).toEqual([])
})

test('a seeded prospect sees a page personalised with their name and company', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/bright-smile-dental')
  const greeting = page.getByText('Tailored just for you, Dr. Maya Patel')
  await expect(greeting).toBeVisible()
  // The whole name is shown, also on a phone next to the header's buttons (not cut with an ellipsis).
  expect(
    await greeting.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
  ).toBe(true)
  await expect(
    page.getByRole('heading', { name: "Hey Dr. Maya Patel, here's what I've built for Bright Smile Dental" }),
  ).toBeVisible()
  await expect(page.getByText('Custom AI assistant solution tailored for your business needs')).toBeVisible()
  await expect(page.getByRole('heading', { name: "What's Holding You Back?" })).toBeVisible()
  await expect(page.getByText("You're losing leads and wasting hours on routine calls.")).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your 24/7 AI Agent Is Here' })).toBeVisible()
  await expect(
    page.getByText('Instant answers, bookings, and support—so you can focus on growth.'),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Ready to CallPilot Dr. Maya Patel?' })).toBeVisible()

  // The widget is embedded by script tag, as on a partner page, and renders inside its shadow root.
  const demo = page.locator('voice-demo')
  await expect(demo).toHaveAttribute('slug', 'bright-smile-dental')
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeVisible()
  await expect(demo.getByRole('button', { name: 'Call Me' })).toBeVisible()
  expect(await demo.evaluate((el) => el.shadowRoot?.mode)).toBe('open')

  expect(await hasHorizontalOverflow(page)).toBe(false)
  expect(pageErrors).toEqual([])
})

test('an unknown prospect link shows the general demo with a gentle note, not an error', async ({ page }) => {
  await page.goto('/no-such-prospect-here')
  await expect(
    page.getByRole('heading', { name: 'Hear what an AI voice agent would do for your business' }),
  ).toBeVisible()
  await expect(
    page.getByText("We couldn't find a page for that link, so here is our general demo."),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Error' })).toHaveCount(0)
})

test('a malformed prospect link shows the general demo too, never the slug rule', async ({ page }) => {
  const response = await page.goto('/Not_A_Slug')
  expect(response?.status()).toBe(404)
  await expect(
    page.getByText("We couldn't find a page for that link, so here is our general demo."),
  ).toBeVisible()
  await expect(page.locator('voice-demo').getByRole('button', { name: 'Test in Browser' })).toBeVisible()
  await expect(page.getByText(/lowercase letters/)).toHaveCount(0)
})

test('when the prospect cannot be loaded the page says so', async ({ page }) => {
  // The API is faked at the network boundary: a database outage answers 503 with our error shape.
  await page.route('**/api/prospects/**', (route) =>
    route.fulfill({
      status: 503,
      json: { error: { code: 'prospect_unavailable', message: 'Failed to load prospect data.' } },
    }),
  )
  // The server renders the page itself; the client's own request is the one that fails here.
  await page.goto('/')
  await page.evaluate(() => {
    history.pushState(null, '', '/harbor-realty')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible()
  await expect(page.getByText('Failed to load prospect data.')).toBeVisible()
  // Inside the site's frame, with a way into the demo.
  await expect(page.getByRole('button', { name: 'Back to home' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Try the demo' })).toHaveAttribute('href', '/visitor')
})

test('the page loads the new prospect when the slug changes', async ({ page }) => {
  await page.goto('/bright-smile-dental')
  await expect(page.getByText('Tailored just for you, Dr. Maya Patel')).toBeVisible()
  await page.evaluate(() => {
    history.pushState(null, '', '/harbor-realty')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByText('Tailored just for you, James Carter')).toBeVisible()
  await expect(page.locator('voice-demo')).toHaveAttribute('slug', 'harbor-realty')
})

test('the landing and prospect pages are in the HTML itself, so they paint before any script runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${baseURL}/`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Turn questions into bookings')
  await expect(page.getByRole('link', { name: 'Try Demo Experience' })).toHaveAttribute('href', '/visitor')
  // A prospect's page is rendered by the server for that prospect.
  await page.goto(`${baseURL}/harbor-realty`)
  await expect(page.getByText('Tailored just for you, James Carter')).toBeVisible()
  // Pages only the browser renders (the sales tools) start from the empty shell.
  await page.goto(`${baseURL}/_/snippets`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0)
  await context.close()
})
