import type { Page } from '@playwright/test'
import { blobWorkers, expectConnected } from './call-helpers.ts'
import { readFakeDailyCalls, serveFakeDaily } from './fakes/fake-daily.ts'
import { expect, test } from './fixtures.ts'
import { installLeakProbe, NO_LEAKS, readLeaks, resetFrameCount } from './leak-probe.ts'
import { demoFor, expectPanelReady } from './scenario-pages.ts'

/**
 * embed-demo/single-page-app.html: a router replaces the view's DOM, so `<voice-demo>` is inserted long
 * after widget.js ran, removed on every navigation and inserted again with another slug. Each removal
 * must leave nothing running (see leak-probe.ts for what is counted, and how).
 */

const PATH = '/embed-demo/single-page-app.html'

test.skip(({ isMobile }) => isMobile, 'DOM lifecycle, not layout: the desktop project covers it')

async function navigate(page: Page, link: 'Home' | 'Dental demo' | 'Realty demo'): Promise<void> {
  await page.getByRole('link', { name: link }).click()
}

/** Nothing of the widget's runs once it is gone: no timer, listener, frame, worker, microphone. */
async function expectNothingLeft(page: Page): Promise<void> {
  await expect(page.locator('voice-demo')).toHaveCount(0)
  await expect.poll(() => blobWorkers(page)).toEqual([])
  // A pending timer may still be firing (Preact's after-paint fallback is 35 ms); then nothing may start.
  await expect.poll(() => readLeaks(page)).toEqual({ ...NO_LEAKS, frames: expect.any(Number) })
  await resetFrameCount(page)
  // A frame loop still running would have asked for a frame within the page's next few.
  await page.evaluate(async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
  })
  expect(await readLeaks(page)).toEqual(NO_LEAKS)
}

test('inserted long after the script loaded, removed, and inserted again with another slug: it renders each time and leaves nothing behind', async ({
  page,
  pageErrors,
}) => {
  await installLeakProbe(page)
  await page.goto(PATH)
  await page.evaluate(() => customElements.whenDefined('voice-demo'))
  // The script ran on the home view, where there was no widget; the visitor reads until the page is idle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))

  await navigate(page, 'Dental demo')
  const dental = demoFor(page, 'bright-smile-dental')
  await expectPanelReady(dental, 'bright-smile-dental')
  // The lazy parts too, so their removal is covered: the phone dialog opened and closed.
  await dental.getByRole('button', { name: 'Call Me' }).click()
  await expect(dental.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await navigate(page, 'Home')
  await expectNothingLeft(page)

  await navigate(page, 'Realty demo')
  await expectPanelReady(demoFor(page, 'harbor-realty'), 'harbor-realty')
  await navigate(page, 'Home')
  await expectNothingLeft(page)
  expect(pageErrors).toEqual([])
})

test('removed during a call, the widget ends the call and releases the microphone, its worker and its timers', async ({
  page,
  pageErrors,
}) => {
  await installLeakProbe(page)
  await serveFakeDaily(page)
  await page.goto(`${PATH}#/demo/bright-smile-dental`)
  const demo = demoFor(page, 'bright-smile-dental')
  await expectPanelReady(demo, 'bright-smile-dental')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  await expect(demo.locator('canvas')).toHaveAttribute('data-mode', 'worker')

  // The probe sees the call's resources while it runs, so its empty report below means something.
  const during = await readLeaks(page)
  expect(during.timers.length).toBeGreaterThan(0)
  expect(during.liveTracks).toBe(1)
  expect(blobWorkers(page)).toHaveLength(1)

  await navigate(page, 'Home')
  await expect.poll(async () => (await readFakeDailyCalls(page)).map((call) => call.state)).toEqual(['left'])
  await expect(page.locator('audio')).toHaveCount(0)
  await expectNothingLeft(page)
  expect(pageErrors).toEqual([])
})
