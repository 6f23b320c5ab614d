import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { build, type Rolldown } from 'vite'
import { expect, test } from './fixtures.ts'

/** Where the meter module is served from: another origin than the page, as on a partner site. */
const METER_URL = 'https://cdn.test/level-meter.js'
const STRICT_CSP = `<meta http-equiv="Content-Security-Policy" content="worker-src 'none'" />`

let meterCode = ''

// The meter is a lazy chunk of the call, so the widget build names it by hash; this builds the
// meter (with its inlined worker) on its own, the same way, for the test page to import by URL.
test.beforeAll(async () => {
  const result = await build({
    configFile: false,
    root: process.cwd(),
    logLevel: 'warn',
    build: {
      write: false,
      target: 'chrome111',
      lib: { entry: 'widget/src/audio/level-meter-test-entry.ts', formats: ['es'], fileName: 'level-meter' },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk')
  if (chunk?.type !== 'chunk') throw new Error('the level meter did not build')
  meterCode = chunk.code
})

async function openTestPage(page: Page, options: { strictCsp: boolean }): Promise<void> {
  await page.route(METER_URL, (route) =>
    route.fulfill({
      body: meterCode,
      headers: { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' },
    }),
  )
  if (options.strictCsp) {
    await page.route('**/embed-demo/audio-test.html*', async (route) => {
      const html = await readFile('embed-demo/audio-test.html', 'utf8')
      route.fulfill({ contentType: 'text/html', body: html.replace('<head>', `<head>${STRICT_CSP}`) })
    })
  }
  await page.goto(`/embed-demo/audio-test.html?meter=${encodeURIComponent(METER_URL)}`)
  await page.getByRole('button', { name: 'Start meter' }).click()
}

const readState = async (page: Page) =>
  JSON.parse((await page.locator('#state').textContent()) ?? '{}') as Record<string, unknown>

/** Screenshots the canvas until it has shown `count` different pictures: the bars moved. */
async function expectCanvasToMove(page: Page, count = 3): Promise<void> {
  const seen = new Set<string>()
  await expect
    .poll(
      async () => {
        seen.add((await page.locator('#meter').screenshot()).toString('base64'))
        return seen.size
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(count)
}

test('the worker receives microphone levels and draws the meter on its OffscreenCanvas', async ({
  page,
  pageErrors,
}) => {
  await openTestPage(page, { strictCsp: false })
  await expect.poll(async () => (await readState(page)).mode).toBe('worker')
  await expect.poll(async () => Number((await readState(page)).peakLocal)).toBeGreaterThan(0)
  await expectCanvasToMove(page)
  expect(Number((await readState(page)).frames)).toBeGreaterThan(1)
  expect(pageErrors).toEqual([])
})

test('where the CSP forbids workers, the meter runs on the main thread and still works', async ({
  page,
  pageErrors,
}) => {
  await openTestPage(page, { strictCsp: true })
  await expect.poll(async () => (await readState(page)).mode).toBe('main-thread')
  await expect.poll(async () => Number((await readState(page)).peakLocal)).toBeGreaterThan(0)
  await expectCanvasToMove(page)
  expect(pageErrors).toEqual([])
})
