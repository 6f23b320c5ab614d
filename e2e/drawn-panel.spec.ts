import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { serveFakeDaily } from './fakes/fake-daily.ts'
import { expect, test } from './fixtures.ts'
import { hold, painted } from './page-timing.ts'
import { readHostEvents, recordHostEvents } from './record-host-events.ts'

/**
 * A prospect's page carries the demo panel in its HTML (a declarative shadow root the server draws
 * from the widget's own markup): the buttons are on screen before any of the widget's scripts has
 * arrived, and the widget takes the panel over without drawing it again, moving anything or losing
 * the focus. A browser without declarative shadow DOM (the template left as an inert child) gets the
 * widget's own drawing, as on a partner's page, and hydration keeps working.
 */

/** Records the page's layout shifts from its start, and the CSP's refusals. */
async function record(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { shifts: [] as number[], moved: [] as string[], refused: [] as string[] }
    Object.assign(window, { seen })
    // What moved, for a failure to name: each shift's nodes, by tag and class, with the time.
    const name = (node: Node | null) =>
      node instanceof Element ? `${node.localName}.${[...node.classList].join('.')}` : String(node?.nodeName)
    type Shift = {
      value: number
      hadRecentInput: boolean
      startTime: number
      sources: Array<{ node: Node | null }>
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue
        seen.shifts.push(entry.value)
        seen.moved.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${entry.sources.map((source) => name(source.node)).join(', ')}`,
        )
      }
    }).observe({ type: 'layout-shift', buffered: true })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.refused.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
}

const seen = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { seen: { shifts: number[]; moved: string[]; refused: string[] } }).seen,
  )

const SLUG = '/bright-smile-dental'

/** Collects the page's console errors. */
function consoleErrorsOf(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

test('the panel is in the first paint, before widget.mjs, and the widget takes it over as it is', async ({
  page,
  pageErrors,
}) => {
  await record(page)
  const releaseBoot = await hold(page, /\/widget\.mjs(\?|$)/)
  const consoleErrors = consoleErrorsOf(page)
  // The page's load waits for its async scripts, widget.mjs among them: not here.
  await page.goto(SLUG, { waitUntil: 'domcontentloaded' })
  const panel = page.locator('voice-demo')
  await panel.scrollIntoViewIfNeeded()
  const callMe = panel.getByRole('button', { name: 'Call Me' })
  // No script of the widget's has run: the element is not even defined, yet the panel is there.
  await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Test in Browser' })).toBeVisible()
  await expect(callMe).toBeVisible()
  expect(await page.evaluate(() => customElements.get('voice-demo') === undefined)).toBe(true)
  // Painted at the page's first contentful paint: the buttons were in the HTML it painted.
  const drawn = await page.evaluate(() => {
    const root = document.querySelector('voice-demo')?.shadowRoot
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]
    return { buttons: root?.querySelectorAll('button').length, fcp: fcp?.startTime ?? null }
  })
  expect(drawn.buttons).toBe(2)
  expect(drawn.fcp).not.toBeNull()
  const before = await panel.screenshot()
  const box = await panel.boundingBox()

  // The widget arrives: the same nodes, the same pixels, the focus where it was.
  await callMe.focus()
  await page.evaluate(() => {
    const root = document.querySelector('voice-demo')?.shadowRoot
    Object.assign(window, { drawnButtons: [...(root?.querySelectorAll('button') ?? [])] })
  })
  const rest = page.waitForResponse(/\/widget-chunks\/app-[^/]*\.js$/)
  releaseBoot()
  await rest
  await page.waitForFunction(() => {
    const root = document.querySelector('voice-demo')?.shadowRoot
    return customElements.get('voice-demo') !== undefined && root?.querySelector('style') === null
  })
  // The rest has taken the elements over: it gives their class its behaviour and takes each element
  // over in the same call (element/take-over.ts).
  await page.waitForFunction(
    () => (customElements.get('voice-demo') as unknown as { behave: unknown } | undefined)?.behave != null,
  )
  await painted(page)
  await expect(callMe).toBeFocused()
  expect(
    await page.evaluate(() => {
      const root = document.querySelector('voice-demo')?.shadowRoot
      const now = [...(root?.querySelectorAll('button') ?? [])]
      const then = (window as unknown as { drawnButtons: Element[] }).drawnButtons
      return now.length === 2 && now.every((button, index) => button === then[index])
    }),
  ).toBe(true)
  await callMe.evaluate((button) => (button as HTMLElement).blur())
  await page.mouse.move(0, 0)
  await painted(page)
  expect(await panel.boundingBox()).toEqual(box)
  const after = await panel.screenshot()
  // Pixel for pixel: the server's drawing is what the widget shows (one text run in the title too).
  expect(after.equals(before)).toBe(true)
  // The widget is live: Call Me opens its dialog.
  await callMe.click()
  await expect(panel.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })).toBeVisible()

  const { shifts, moved, refused } = await seen(page)
  expect(
    shifts.reduce((sum, value) => sum + value, 0),
    moved.join('; '),
  ).toBeLessThanOrEqual(0.01)
  expect(refused).toEqual([]) // the panel's inline stylesheet is allowed by its hash
  expect(pageErrors).toEqual([])
  expect(consoleErrors).toEqual([])
})

test('without declarative shadow DOM the widget draws the panel itself, and hydration keeps working', async ({
  page,
  pageErrors,
}) => {
  await record(page)
  // What such a browser parses: a template like any other, left inert in the element.
  await page.route(SLUG, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace('shadowrootmode="open"', 'data-shadowrootmode="open"')
    await route.fulfill({ response, body: html })
  })
  const consoleErrors = consoleErrorsOf(page)
  await page.goto(SLUG)
  const panel = page.locator('voice-demo')
  await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
  expect(await panel.evaluate((element) => element.querySelector(':scope > template') !== null)).toBe(true)
  await panel.getByRole('button', { name: 'Call Me' }).click()
  await expect(panel.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })).toBeVisible()
  const { shifts, moved } = await seen(page)
  expect(
    shifts.reduce((sum, value) => sum + value, 0),
    moved.join('; '),
  ).toBeLessThanOrEqual(0.01)
  expect(pageErrors).toEqual([])
  expect(consoleErrors).toEqual([])
})

/**
 * A long page reaches the browser in pieces, and the parser yields between them: widget.mjs (async, in
 * the head) can run, and the rest of the widget take over, while the drawn panel is only half parsed.
 * The widget must then take the server's panel over as it arrives, not draw one of its own into the
 * root the parser is still filling (two panels, four buttons). The page here stops inside the panel's
 * stylesheet until the widget is defined and its rest has taken over, then sends the remainder.
 */
test('a drawn panel still being parsed when the widget arrives is taken over, never drawn twice', async ({
  page,
  request,
  baseURL,
  pageErrors,
}) => {
  const html = await (await request.get(SLUG)).text()
  const element = html.slice(
    html.indexOf('<voice-demo'),
    html.indexOf('</voice-demo>') + '</voice-demo>'.length,
  )
  const cut = element.indexOf('<style>') + '<style>'.length + 200
  let resume = () => {}
  const resumed = new Promise<void>((resolve) => (resume = resolve))
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.write(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A long page</title>` +
        `<script type="module" async src="${baseURL}/widget.mjs"></script></head>` +
        `<body><main style="max-width:36rem">${element.slice(0, cut)}`,
    )
    void resumed.then(() => response.end(`${element.slice(cut)}</main></body></html>`))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const consoleErrors = consoleErrorsOf(page)
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { waitUntil: 'commit' })
    await page.waitForFunction(
      () => (customElements.get('voice-demo') as unknown as { behave: unknown } | undefined)?.behave != null,
    )
    resume()
    await page.waitForLoadState('domcontentloaded')
    const panel = page.locator('voice-demo')
    await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
    await painted(page)
    const root = await panel.evaluate((element) => {
      const shadow = element.shadowRoot
      return {
        panels: shadow?.querySelectorAll('section').length,
        buttons: [...(shadow?.querySelectorAll('button') ?? [])].map((button) => button.textContent),
        styles: shadow?.querySelectorAll('style').length,
      }
    })
    expect(root).toEqual({ panels: 1, buttons: ['Test in Browser', 'Call Me'], styles: 0 })
    // The widget is live on the server's panel: Call Me opens its dialog.
    await panel.getByRole('button', { name: 'Call Me' }).click()
    await expect(panel.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })).toBeVisible()
    expect(pageErrors).toEqual([])
    expect(consoleErrors).toEqual([])
  } finally {
    resume()
    await new Promise((resolve) => server.close(resolve))
  }
})

/**
 * The server draws the panel light: a visitor's dark choice is kept in their browser. On a dark page
 * the drawn panel stays out of sight, its room kept, until the widget is there and the app has named
 * the theme: between any two tasks (so at every frame), a visible panel is a dark one.
 */
test('a dark page never shows the light panel the server drew: hidden until it is dark', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark')
    const shown = new Set<string>()
    Object.assign(window, { shown })
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      const element = document.querySelector('voice-demo')
      const panel = element?.shadowRoot?.querySelector('[data-theme]')
      if (element && panel && getComputedStyle(element).visibility === 'visible')
        shown.add(panel.getAttribute('data-theme') ?? '')
      if (shown.size < 2) channel.port2.postMessage(null)
    }
    channel.port2.postMessage(null)
  })
  const release = await hold(page, /\/widget\.mjs(\?|$)/)
  // The page's load waits for its async scripts, widget.mjs among them: not here.
  await page.goto(SLUG, { waitUntil: 'domcontentloaded' })
  const demo = page.locator('voice-demo')
  await demo.scrollIntoViewIfNeeded()
  // Its room is kept while it waits: the box has the panel's height.
  expect((await demo.boundingBox())?.height).toBeGreaterThan(200)
  await expect(demo).toHaveCSS('visibility', 'hidden')
  release()
  await expect(page.getByRole('button', { name: 'Call Me' })).toBeVisible()
  // Once the watch has seen the panel shown (a task after Playwright did, on a busy machine), it has
  // seen it only dark.
  const shown = () => page.evaluate(() => [...(window as unknown as { shown: Set<string> }).shown])
  await expect.poll(shown).not.toEqual([])
  expect(await shown()).toEqual(['dark'])
})

/**
 * The page with widget.mjs held back, its drawn panel in view: the buttons are there, no script of
 * the widget's is. Returns the release of widget.mjs.
 */
async function beforeTheWidget(page: Page): Promise<() => void> {
  await record(page)
  const release = await hold(page, /\/widget\.mjs(\?|$)/)
  // The page's load waits for its async scripts, widget.mjs among them: not here.
  await page.goto(SLUG, { waitUntil: 'domcontentloaded' })
  await page.locator('voice-demo').scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => customElements.get('voice-demo') === undefined)).toBe(true)
  return release
}

/**
 * A press on the drawn panel before widget.mjs has run is kept by the page's own small script (allowed
 * by its hash) and done once the widget has arrived, as if it had come then; meanwhile the panel shows
 * it was heard.
 */
test('a click on Call Me before widget.mjs is kept: the form opens once the widget has arrived', async ({
  page,
  pageErrors,
}) => {
  const consoleErrors = consoleErrorsOf(page)
  const release = await beforeTheWidget(page)
  const panel = page.locator('voice-demo')
  const callMe = panel.getByRole('button', { name: 'Call Me' })
  await callMe.click()
  await expect(panel.getByRole('status')).toHaveText('Opening the call form…')
  expect(await page.evaluate(() => customElements.get('voice-demo') === undefined)).toBe(true)
  release()
  const dialog = panel.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
  await expect(dialog).toBeVisible()
  // Once: closed, it stays closed, and the focus is back on the button that opened it.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(callMe).toBeFocused()
  await painted(page)
  await expect(dialog).toBeHidden()
  const { refused } = await seen(page)
  expect(refused).toEqual([]) // the early script is allowed by its hash
  expect(pageErrors).toEqual([])
  expect(consoleErrors).toEqual([])
})

test('Enter on a focused Test in Browser before widget.mjs shows "Connecting..." and starts one call when it has arrived', async ({
  page,
  pageErrors,
}) => {
  const consoleErrors = consoleErrorsOf(page)
  await serveFakeDaily(page)
  await recordHostEvents(page)
  const release = await beforeTheWidget(page)
  const panel = page.locator('voice-demo')
  await panel.getByRole('button', { name: 'Test in Browser' }).focus()
  await page.keyboard.press('Enter')
  // As the widget shows a call connecting: the button busy, the status line saying so.
  await expect(panel.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
  await expect(panel.getByRole('status')).toHaveText('Connecting to your AI assistant…')
  release()
  await expect(panel.getByRole('button', { name: 'Stop Call' })).toBeEnabled()
  await expect.poll(() => readHostEvents(page)).toContain('call-start')
  await panel.getByRole('button', { name: 'Stop Call' }).click()
  await expect(panel.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  await expect.poll(() => readHostEvents(page)).toContain('call-end')
  // One call: started once, ended once.
  const events = await readHostEvents(page)
  expect(events.filter((event) => event === 'call-start')).toHaveLength(1)
  expect(events.filter((event) => event === 'call-end')).toHaveLength(1)
  const { refused } = await seen(page)
  expect(refused).toEqual([])
  expect(pageErrors).toEqual([])
  expect(consoleErrors).toEqual([])
})
