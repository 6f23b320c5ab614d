import type { Page } from '@playwright/test'
import { blobWorkers, expectConnected, expectDisconnected } from './call-helpers.ts'
import { readCspViolations, recordCspViolations, serveWithPolicy, strictPolicy } from './csp.ts'
import { serveFakeDaily } from './fakes/fake-daily.ts'
import { expect, test } from './fixtures.ts'
import { expectMeterToMove } from './level-meter.ts'
import { readHostEvents, recordHostEvents } from './record-host-events.ts'
import { demoFor, expectPanelReady, expectVideoCallCycle, videoButtonIn } from './scenario-pages.ts'

/**
 * embed-demo/strict-csp.html served with `Content-Security-Policy: default-src 'none'` plus exactly the
 * the embedding guide's recipe for host pages: the widget, a whole voice call (fake Vapi API and Daily call machine,
 * as in voice-call.spec.ts), the Call Me dialog and a whole video call (fake webhook) work without one violation.
 */

const PATH = '/embed-demo/strict-csp.html'
const SLUG = 'bright-smile-dental'

test.skip(({ isMobile }) => isMobile, 'a whole call per test: the desktop project covers it')

async function openUnderPolicy(page: Page, baseURL: string | undefined, workers: boolean) {
  const vapiApiUrl = process.env.E2E_VAPI_API_URL as string
  const videoUrl = process.env.E2E_VIDEO_URL as string
  await serveWithPolicy(
    page,
    PATH,
    strictPolicy({ widgetOrigin: String(baseURL), vapiApiUrl, videoUrl, workers }),
  )
  await recordCspViolations(page)
  await recordHostEvents(page)
  await serveFakeDaily(page)
  await page.goto(PATH)
  const demo = demoFor(page, SLUG)
  await expectPanelReady(demo, SLUG)
  return demo
}

test('under the documented recipe the widget, a voice call, Call Me and the video button work, with no violation', async ({
  page,
  baseURL,
  pageErrors,
}) => {
  const demo = await openUnderPolicy(page, baseURL, true)
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  await expect(demo.locator('canvas')).toHaveAttribute('data-mode', 'worker')
  await expect.poll(() => readHostEvents(page, SLUG)).toEqual(['call-start', 'speech-start', 'speech-end'])
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  await expectDisconnected(page, demo)
  await expect.poll(() => blobWorkers(page)).toEqual([])

  await demo.getByRole('button', { name: 'Call Me' }).click()
  const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
  await expect(dialog).toBeVisible()
  // Its own stylesheet applies (a constructed sheet, which style-src does not govern): a styled card.
  expect(await dialog.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await videoButtonIn(page).click()
  await expectVideoCallCycle(page)
  expect(await readCspViolations(page)).toEqual([])
  expect(pageErrors).toEqual([])
})

test('with blob: workers forbidden the meter falls back to the main thread; the worker is the only violation', async ({
  page,
  baseURL,
  pageErrors,
}) => {
  const demo = await openUnderPolicy(page, baseURL, false)
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  const meter = demo.locator('canvas')
  await expect(meter).toHaveAttribute('data-mode', 'main-thread')
  await expectMeterToMove(meter)
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  await expectDisconnected(page, demo)

  const violations = await readCspViolations(page)
  expect(violations.length).toBeGreaterThan(0)
  for (const violation of violations)
    expect(violation).toMatchObject({ directive: 'worker-src', blocked: 'blob' })
  expect(pageErrors).toEqual([])
})
