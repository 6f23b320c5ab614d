import { expect, saveScreenshot, test } from './fixtures.ts'

test('a partner page shows the demo panel inside the widget shadow root', async ({
  page,
  pageErrors,
}, info) => {
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

  await saveScreenshot(page, 'embed-demo', info.project.name)
  expect(pageErrors).toEqual([])
})

test('without Vapi settings the voice demo says it is not configured, and the phone dialog says so too', async ({
  page,
  noVoiceBaseURL,
  pageErrors,
}) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await page.goto(`${noVoiceBaseURL}/embed-demo/`)
  const demo = page.locator('voice-demo')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expect(demo.getByRole('status')).toContainText('The voice demo is not configured on this site yet.')
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  expect(warnings.some((text) => text.startsWith('[voice-demo] public key not configured'))).toBe(true)
  await demo.getByRole('button', { name: 'Call Me' }).click()
  const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('(415) 555-2671')
  await dialog.getByRole('button', { name: 'Call Me' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Configuration Required')
  await expect(dialog.getByRole('alert')).toContainText('Phone calling is not properly configured...')
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
