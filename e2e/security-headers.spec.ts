import type { Page } from '@playwright/test'
import { serveFakeDaily } from './fakes/fake-daily.ts'
import { expect, test } from './fixtures.ts'

/**
 * Our pages under their security headers: they must do everything the site does with no CSP
 * violation or policy error (the `policyProblems` fixture fails any test that has one), refuse to be
 * framed, and only files of the build may come back. The widget's own files stay open to partners.
 */

const PAGE_HEADERS = ['Content-Security-Policy', 'X-Frame-Options', 'Permissions-Policy'] as const

/** Opens `path` and checks the headers every page of ours gets (over plain http: no HSTS). */
async function openOurPage(page: Page, path: string): Promise<Record<string, string>> {
  const response = await page.goto(path)
  const headers = response?.headers() ?? {}
  const policy = headers['content-security-policy'] ?? ''
  expect(policy).toContain("default-src 'none'")
  expect(policy).toContain("frame-ancestors 'none'")
  expect(policy).toMatch(/script-src 'self'[^;]*;/)
  expect(/script-src[^;]*unsafe/.test(policy)).toBe(false)
  expect(headers).toMatchObject({
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  })
  expect(headers['permissions-policy']).toContain('geolocation=()')
  expect(headers['strict-transport-security']).toBeUndefined()
  return headers
}

/**
 * Stands in for Calendly's embed script: like the real one, it puts the booking page in a frame on
 * calendly.com. Its stylesheet draws an image from Calendly's assets, as the real one does.
 */
const FAKE_CALENDLY = `window.Calendly = {
  initPopupWidget() {},
  initInlineWidget({ url, parentElement }) {
    const frame = document.createElement('iframe')
    frame.src = url
    frame.title = 'Calendly'
    parentElement.append(frame)
  },
}`

test('the landing page runs under its policy: theme, widget and the Calendly scheduler', async ({
  page,
  pageErrors,
}) => {
  await page.route('https://assets.calendly.com/**', (route) => {
    const url = route.request().url()
    if (url.endsWith('.js')) return route.fulfill({ contentType: 'text/javascript', body: FAKE_CALENDLY })
    if (url.endsWith('.css')) {
      const css = '.calendly-inline-widget{background:url(https://assets.calendly.com/icon.svg)}'
      return route.fulfill({ contentType: 'text/css', body: css })
    }
    return route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' })
  })
  await page.route('https://calendly.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>x</title><p>Fake calendar</p>' }),
  )
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
  await openOurPage(page, '/')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/) // /theme-init.js ran
  await expect(page.getByRole('link', { name: 'Try Demo Experience' })).toBeVisible()
  await expect(page.locator('voice-video-call').getByRole('button')).toBeVisible() // the widget ran
  await page.locator('#contact').scrollIntoViewIfNeeded()
  await expect(
    page.frameLocator('#contact iframe[title="Calendly"]').getByText('Fake calendar'),
  ).toBeVisible()
  expect(pageErrors).toEqual([])
})

test('a prospect page runs a browser voice call and a video call under its policy', async ({
  page,
  pageErrors,
}) => {
  await serveFakeDaily(page)
  await openOurPage(page, '/bright-smile-dental')
  const demo = page.locator('voice-demo')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expect(demo.getByRole('button', { name: 'Stop Call' })).toBeEnabled()
  await expect(demo.getByRole('status').filter({ hasText: 'Voice Assistant Connected' })).toBeVisible()
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()

  const video = page.locator('voice-video-call')
  await video.getByRole('button', { name: 'Start a video call' }).click()
  const dialog = video.getByRole('dialog', { name: 'Video call with our AI support agent' })
  await expect(
    page.frameLocator('voice-video-call iframe').getByText(/^Fake video conversation/),
  ).toBeVisible()
  // The Permissions-Policy delegates the microphone and camera to the conversation's frame, and
  // refuses features nothing uses (geolocation, payment) to the page and the frame alike.
  const conversation = page.frames().find((frame) => frame.url().includes('/conversations/'))
  if (!conversation) throw new Error('no conversation frame')
  const allows = (feature: string) => (document as DocumentWithPolicy).featurePolicy.allowsFeature(feature)
  expect(await conversation.evaluate(allows, 'microphone')).toBe(true)
  expect(await conversation.evaluate(allows, 'camera')).toBe(true)
  expect(await conversation.evaluate(allows, 'geolocation')).toBe(false)
  expect(await page.evaluate(allows, 'microphone')).toBe(true)
  expect(await page.evaluate(allows, 'payment')).toBe(false)
  await dialog.getByRole('button', { name: 'End call' }).click()
  await expect(dialog).toBeHidden()
  expect(pageErrors).toEqual([])
})

interface DocumentWithPolicy extends Document {
  featurePolicy: { allowsFeature(feature: string): boolean }
}

test("the reps' sign-in page runs under its policy and refuses to be framed by another origin", async ({
  page,
  baseURL,
  pageErrors,
}) => {
  await openOurPage(page, '/_/sign-in')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(pageErrors).toEqual([])

  // Another origin frames it, as a clickjacking page would, to catch a password: the browser shows its
  // error page instead. A partner stand-in framed beside it loads, so it is our header that refuses.
  await page.route('http://attacker.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Framer</title>
        <iframe src="${baseURL}/_/sign-in" title="sign-in"></iframe>
        <iframe src="${baseURL}/embed-demo/neutral.html" title="partner"></iframe>`,
    }),
  )
  await page.goto('http://attacker.test/', { waitUntil: 'load' })
  await expect(page.frameLocator('iframe[title="partner"]').locator('voice-demo')).toHaveCount(1)
  const signIn = page.frames().find((frame) => frame.parentFrame() && !frame.url().includes('/embed-demo/'))
  expect(signIn?.url()).toMatch(/^chrome-error:/)
  const frame = page.frameLocator('iframe[title="sign-in"]')
  await expect(frame.getByLabel('Password')).toHaveCount(0)
})

test('only built files come back: dotfiles and source maps are 404, as is any path that is no page', async ({
  request,
}) => {
  for (const path of [
    '/.env',
    '/.git/config',
    '/assets/x.js.map',
    '/.site-build.json',
    '/Not_A_Slug',
    '/a/b',
  ]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(response.headers()['content-type'], path).toMatch(/^text\/html; charset=utf-8$/i)
    expect(response.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'")
    const body = await response.text()
    // One segment may be a mangled prospect link: the general demo; deeper paths: the 404 page.
    if (/^\/[^/]+$/.test(path)) expect(body, path).toContain('couldn&#x27;t find a page for that link')
    else expect(body, path).toContain('data-not-found')
    expect(body, path).not.toContain('API_KEY')
  }
  expect((await request.get('/bright-smile-dental')).status()).toBe(200)
})

test("the widget's files stay CORS-open with no page policy, and partner stand-ins get none of ours", async ({
  request,
}) => {
  for (const path of ['/widget.mjs', '/widget.js']) {
    const headers = (await request.get(path, { headers: { Origin: 'https://partner.example' } })).headers()
    expect(headers['access-control-allow-origin'], path).toBe('*')
    expect(headers['content-type'], path).toBe('text/javascript; charset=utf-8')
    for (const name of PAGE_HEADERS) expect(headers[name.toLowerCase()], `${path} ${name}`).toBeUndefined()
  }
  const partner = (await request.get('/embed-demo/')).headers()
  for (const name of PAGE_HEADERS) expect(partner[name.toLowerCase()], name).toBeUndefined()
  expect(partner['x-content-type-options']).toBe('nosniff')
})

test('a path that is no page shows the site’s not-found page with status 404, and Go Home works', async ({
  page,
  pageErrors,
}) => {
  const response = await page.goto('/a/b')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible()
  await expect(page.getByText('This page does not exist.', { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'Go Home' }).click()
  await expect(page.getByRole('link', { name: 'Try Demo Experience' })).toBeVisible()
  expect(pageErrors).toEqual([])
})
