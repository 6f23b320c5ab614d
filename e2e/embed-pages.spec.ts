import type { Page } from '@playwright/test'
import { expectConnected, expectDisconnected } from './call-helpers.ts'
import type { FakeDailyCall } from './fakes/fake-daily.ts'
import { serveFakeDaily } from './fakes/fake-daily.ts'
import { expect, test } from './fixtures.ts'
import { readHostEvents, recordHostEvents } from './record-host-events.ts'
import { demoFor, expectPanelReady, videoButtonIn } from './scenario-pages.ts'

/**
 * Scenario pages in embed-demo/: two widgets on one page, the snippet pasted twice, and the snippet in
 * a srcdoc iframe. Layout at 390 px is in embed-phone.spec.ts.
 */

/** Console errors and warnings, whoever wrote them (but the page's missing favicon): the snippet causes none. */
function watchConsole(page: Page): string[] {
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.location().url.endsWith('/favicon.ico')) return
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text())
  })
  return messages
}

test('two widgets with different slugs keep their own prospect and call', async ({
  page,
  pageErrors,
  isMobile,
}) => {
  test.skip(isMobile, 'a whole call: the desktop project covers it')
  let releaseDaily = () => {}
  await serveFakeDaily(page, { until: new Promise<void>((resolve) => (releaseDaily = resolve)) })
  await recordHostEvents(page)
  await page.goto('/embed-demo/two-widgets.html')
  const dental = demoFor(page, 'bright-smile-dental')
  const realty = demoFor(page, 'harbor-realty')
  await expectPanelReady(dental, 'bright-smile-dental')
  await expectPanelReady(realty, 'harbor-realty')

  await dental.getByRole('button', { name: 'Test in Browser' }).click()
  await expect(dental.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
  await expect(realty.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  // The other panel says nothing of the call (its line may offer the team's booking link).
  await expect(realty.locator('p[role=status]')).toHaveText(/^(Book a call.*)?$/)
  releaseDaily()
  await expectConnected(dental)
  await expect(realty.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  await expect(realty.locator('p[role=status]')).toHaveText(/^(Book a call.*)?$/)
  // Every event so far names the dental prospect (readHostEvents checks each one's slug).
  await expect.poll(() => readHostEvents(page, 'bright-smile-dental')).toContain('call-start')

  await dental.getByRole('button', { name: 'Stop Call' }).click()
  await expectDisconnected(page, dental)
  expect(pageErrors).toEqual([])
})

test('the snippet pasted twice: one definition, both panels, one floating button, no error', async ({
  page,
  pageErrors,
}) => {
  const consoleProblems = watchConsole(page)
  const coreRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/widget.mjs') coreRequests.push(request.url())
  })
  await page.goto('/embed-demo/snippet-twice.html')
  const demos = page.locator('voice-demo')
  await expect(demos).toHaveCount(2)
  for (const demo of await demos.all()) await expectPanelReady(demo, 'bright-smile-dental')
  await expect(videoButtonIn(page)).toHaveCount(1)
  await expect(videoButtonIn(page)).toBeVisible()
  // The core module ran once, though the older snippet's widget.js imports it too: fetched once, and
  // both elements are instances of the one class.
  expect(coreRequests).toHaveLength(1)
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll('voice-demo')].every(
        (el) => el instanceof (customElements.get('voice-demo') as CustomElementConstructor),
      ),
    ),
  ).toBe(true)
  expect(consoleProblems).toEqual([])
  expect(pageErrors).toEqual([])
})

test("the older snippet's widget.js asks for the prospect while the core downloads, and the panel uses that one answer", async ({
  page,
  pageErrors,
}) => {
  const consoleProblems = watchConsole(page)
  const events: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/prospects/')) events.push('prospect requested')
  })
  // A slow core: held until the prospect was asked for, so the panel's data cannot have waited for it.
  const prospectRequested = page.waitForRequest((request) =>
    new URL(request.url()).pathname.startsWith('/api/prospects/'),
  )
  await page.route(/\/widget\.mjs$/, async (route) => {
    await prospectRequested
    events.push('core arrived')
    await route.continue()
  })
  await page.goto('/embed-demo/older-snippet.html')
  await expectPanelReady(demoFor(page, 'bright-smile-dental'), 'bright-smile-dental')
  // Once, before the core: the core's own fetch took the preloaded answer instead of asking again.
  expect(events).toEqual(['prospect requested', 'core arrived'])
  expect(consoleProblems).toEqual([])
  expect(pageErrors).toEqual([])
})

test('a snippet with a query string (widget.mjs?v=2) hands over to widget.mjs, so lazy parts share its instance', async ({
  page,
  pageErrors,
}) => {
  const consoleProblems = watchConsole(page)
  await page.route(/\/embed-demo\/neutral\.html$/, async (route) => {
    const html = await (await route.fetch()).text()
    await route.fulfill({ contentType: 'text/html', body: html.replace('/widget.mjs"', '/widget.mjs?v=2"') })
  })
  await page.goto('/embed-demo/neutral.html')
  const demo = demoFor(page, 'bright-smile-dental')
  await expectPanelReady(demo, 'bright-smile-dental')
  // The phone dialog is a lazy chunk importing ../widget.mjs: with a second core beside the page's,
  // its Preact would not be the panel's and the dialog would not render.
  await demo.getByRole('button', { name: 'Call Me' }).click()
  await expect(demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })).toBeVisible()
  expect(consoleProblems).toEqual([])
  expect(pageErrors).toEqual([])
})

const IFRAME = 'iframe[title="Custom code"]'

test('inside a srcdoc iframe the widget renders', async ({ page, pageErrors }) => {
  await page.goto('/embed-demo/iframe-srcdoc.html')
  await expectPanelReady(demoFor(page.frameLocator(IFRAME), 'harbor-realty'), 'harbor-realty')
  expect(pageErrors).toEqual([])
})

test('inside a srcdoc iframe a voice call works', async ({ page, pageErrors, isMobile }) => {
  test.skip(isMobile, 'a whole call: the desktop project covers it')
  // daily-js and Daily's call machine post to `location.origin`, "null" in a srcdoc document: the
  // widget maps that target to the document's real origin (widget/src/voice/srcdoc-post-message.ts).
  await serveFakeDaily(page)
  await page.goto('/embed-demo/iframe-srcdoc.html')
  const frame = page.frameLocator(IFRAME)
  const demo = demoFor(frame, 'harbor-realty')
  await expectPanelReady(demo, 'harbor-realty')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  await expect(frame.locator('audio')).toHaveCount(1)
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  await expectDisconnected(frame, demo)
  // The call ran in the frame's own document (daily-js loaded its call machine there).
  const srcdoc = page.frames().find((f) => f.url() === 'about:srcdoc')
  const calls = await srcdoc?.evaluate(
    () =>
      (window as unknown as { __fakeDaily?: { snapshot(): FakeDailyCall[] } }).__fakeDaily?.snapshot() ?? [],
  )
  expect(calls?.map((call) => call.state)).toEqual(['left'])
  expect(pageErrors).toEqual([])
})
