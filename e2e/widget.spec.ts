import { expect, test } from './fixtures.ts'

test('a partner page shows the demo panel inside the widget shadow root', async ({ page, pageErrors }) => {
  await page.goto('/embed-demo/')
  const demo = page.locator('voice-demo')
  const testInBrowser = demo.getByRole('button', { name: 'Test in Browser' })
  await expect(testInBrowser).toBeVisible()
  await expect(demo.getByRole('button', { name: 'Call Me' })).toBeVisible()

  // The buttons live in the shadow root, not in the host page's DOM.
  expect(await page.evaluate(() => document.querySelectorAll('button').length)).toBe(0)
  // The precompiled stylesheet is adopted by the shadow root and styles the buttons.
  const styles = await demo.evaluate((el) => {
    const root = el.shadowRoot as ShadowRoot
    const button = root.querySelector('button') as HTMLElement
    const css = getComputedStyle(button)
    return { sheets: root.adoptedStyleSheets.length, radius: css.borderRadius, cursor: css.cursor }
  })
  expect(styles.sheets).toBeGreaterThan(0)
  expect(styles.radius).not.toBe('0px')
  expect(styles.cursor).toBe('pointer')

  expect(pageErrors).toEqual([])
})

test('without voice or video settings the panel offers nothing that would fail, and says why; no video button', async ({
  page,
  noVoiceBaseURL,
  pageErrors,
}) => {
  const messages: string[] = []
  page.on('console', (message) => messages.push(message.text()))
  const requests: string[] = []
  page.on('request', (request) => requests.push(new URL(request.url()).pathname))
  await page.goto(`${noVoiceBaseURL}/embed-demo/`)
  const demo = page.locator('voice-demo')
  await expect(demo.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
  const reason = 'Calls are not available right now.'
  await expect(demo.locator('p[role=status]')).toHaveText(reason)
  for (const name of ['Test in Browser', 'Call Me']) {
    const button = demo.getByRole('button', { name })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAccessibleDescription(reason)
    await button.click({ force: true }) // a visitor may still press it: nothing must happen
  }
  // Nothing happened: no call chunk, no config request, no dialog.
  await expect(demo.getByRole('dialog')).toHaveCount(0)
  expect(requests.filter((path) => path === '/api/config' || path.includes('connect-voice'))).toEqual([])
  await expect.poll(() => messages).toContain('[voice-demo] no video button: video calls are not configured.')
  await expect(page.locator('voice-video-call').getByRole('button')).toHaveCount(0)
  expect(pageErrors).toEqual([])
})

test('the snippet works on another origin with async, pasted twice', async ({
  page,
  baseURL,
  pageErrors,
}) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') warnings.push(message.text())
  })
  const snippet = `<script type="module" async src="${baseURL}/widget.mjs"></script><voice-demo slug="harbor-realty"></voice-demo>`
  await page.route('http://partner.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Partner</title><h1>Partner page</h1>${snippet}${snippet}`,
    }),
  )
  await page.goto('http://partner.test/landing')
  const demos = page.locator('voice-demo')
  await expect(demos).toHaveCount(2)
  for (const demo of await demos.all()) {
    await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeVisible()
  }
  expect(pageErrors).toEqual([])
  expect(warnings).toEqual([])
})
