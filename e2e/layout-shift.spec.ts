import type { Page } from '@playwright/test'
import { PANEL_SPACE_CSS, VIDEO_IN_FLOW_CSS, VIDEO_SPACE_CSS } from '#core/embed-snippet.ts'
import { describeUnavailable } from '#core/public-config.ts'
import { expect, test } from './fixtures.ts'
import { hold, painted } from './page-timing.ts'
import { COMPANY } from './scenario-pages.ts'

/**
 * The widget moves nothing on a partner's page: with the documented snippet (its first line reserves
 * the panel's space), the page's cumulative layout shift is 0 from the first paint through the
 * boot's arrival, the rest of the widget's, the prospect's answer, and opening and closing 'Call Me',
 * at 1280 and 390 px. The scripts and the answer are held until the page has painted without them, as
 * on a slow network, so each step really happens after a paint. Every panel state (loading, loaded, unavailable, error)
 * has the height the snippet reserves, and a page with the line from before keeps the height it reserved.
 */

const WIDTHS = [1280, 390] as const
/** The panel's height by the element's width (docs/embedding.md; widget/src/styles/widget.css). */
const panelHeight = (elementWidth: number) => (elementWidth < 432 ? 296 : elementWidth < 528 ? 276 : 220)

interface Shift {
  value: number
  hadRecentInput: boolean
  /** What moved, as `tag#id.class` of each source node. */
  sources: string[]
}

/** Records every layout shift of the page from its very start, the buffered ones included. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: unknown[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & Array<Record<string, unknown>>) {
        const sources = (entry.sources as Array<{ node?: Node | null }> | undefined) ?? []
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: sources.map(({ node }) =>
            node instanceof Element
              ? `${node.localName}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}`
              : String(node?.nodeName ?? 'gone'),
          ),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

const readShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts)

/** Cumulative layout shift as the metric counts it: shifts right after the visitor's input do not. */
const cls = (shifts: Shift[]) =>
  shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0)

const box = async (page: Page) => {
  const found = await page.locator('voice-demo').boundingBox()
  if (!found) throw new Error('no <voice-demo> box')
  return found
}

for (const path of ['/embed-demo/neutral.html', '/embed-demo/'] as const) {
  for (const width of WIDTHS) {
    test(`${path} at ${width} px: nothing moves through load, answer and Call Me (CLS 0)`, async ({
      page,
      pageErrors,
    }) => {
      await page.setViewportSize({ width, height: 844 })
      await recordShifts(page)
      const releaseScript = await hold(page, '**/widget.mjs')
      const releaseRest = await hold(page, '**/widget-chunks/app-*.js')
      const releaseAnswer = await hold(page, '**/api/prospects/bright-smile-dental')
      await page.goto(path, { waitUntil: 'domcontentloaded' })
      await painted(page)

      // Before the script: the snippet's line holds the panel's box.
      const reserved = await box(page)
      expect(await page.evaluate(() => customElements.get('voice-demo'))).toBeUndefined()
      expect(reserved.height).toBe(panelHeight(reserved.width))

      // The boot arrives: the panel draws its loading state in that same box.
      releaseScript()
      const demo = page.locator('voice-demo')
      await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeVisible()
      await expect(demo.getByRole('heading')).toHaveCount(0)
      await painted(page)
      expect(await box(page)).toEqual(reserved)

      // The rest of the widget arrives and takes the panel over: nothing moves.
      const rest = page.waitForResponse(/\/widget-chunks\/app-[\w-]+\.js$/)
      releaseRest()
      await rest
      await painted(page)
      expect(await box(page)).toEqual(reserved)

      // The answer arrives: the company's name takes the skeleton's place.
      releaseAnswer()
      await expect(
        demo.getByRole('heading', { name: `Built for ${COMPANY['bright-smile-dental']}` }),
      ).toBeVisible()
      await painted(page)
      expect(await box(page)).toEqual(reserved)

      // Call Me opens its dialog and closes it again.
      await demo.getByRole('button', { name: 'Call Me' }).click()
      const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
      await expect(dialog).toBeVisible()
      await painted(page)
      await dialog.getByRole('button', { name: 'Back' }).click()
      await expect(dialog).toBeHidden()
      await painted(page)
      expect(await box(page)).toEqual(reserved)

      const shifts = await readShifts(page)
      expect(cls(shifts), `layout shifts: ${JSON.stringify(shifts)}`).toBe(0)
      // Not even right after the clicks, which the metric would forgive.
      expect(shifts).toEqual([])
      expect(pageErrors).toEqual([])
    })
  }
}

/** Each line the status line may show a visitor, its longest first: why calls are off, the call's start. */
const STATUS_LINES = [
  describeUnavailable({ browserCall: false, phoneCall: true }),
  describeUnavailable({ browserCall: true, phoneCall: false }),
  describeUnavailable({ browserCall: false, phoneCall: false }),
  'Connecting to your AI assistant…',
  'Book a call with Maximilian',
]

test('every state of the panel has the height the snippet reserves, at 1280, 480, 390 and 320 px', async ({
  page,
  noVoiceBaseURL,
}) => {
  const states = [
    { name: 'loading', url: '/embed-demo/neutral.html', answer: 'held' },
    { name: 'loaded', url: '/embed-demo/neutral.html', answer: 'real' },
    { name: 'unavailable', url: `${noVoiceBaseURL}/embed-demo/neutral.html`, answer: 'real' },
    { name: 'error', url: '/embed-demo/neutral.html', answer: 'refused' },
    // A company's name on the title's two lines (cut with an ellipsis), with the longest status line.
    { name: 'long', url: '/embed-demo/neutral.html', answer: 'long' },
  ] as const
  for (const width of [...WIDTHS, 480, 320]) {
    await page.setViewportSize({ width, height: 844 })
    for (const { name, url, answer } of states) {
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      if (answer === 'held') await hold(page, '**/api/prospects/*')
      if (answer === 'refused') {
        await page.route('**/api/prospects/*', (route) =>
          route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Down.' } } }),
        )
      }
      if (answer === 'long') {
        await page.route('**/api/prospects/*', async (route) => {
          const json = await (await route.fetch()).json()
          json.prospect.companyName = 'Northern Lights Family and Cosmetic Dentistry of Greater Anchorage'
          json.unavailableReason = STATUS_LINES[0]
          await route.fulfill({ json })
        })
      }
      await page.goto(url, { waitUntil: 'domcontentloaded' })
      const demo = page.locator('voice-demo')
      const shown = {
        loading: demo.getByRole('button', { name: 'Test in Browser' }),
        loaded: demo.getByRole('heading', { name: /^Built for / }),
        unavailable: demo.getByText('Calls are not available right now.'),
        error: demo.getByRole('heading', { name: 'Demo unavailable' }),
        long: demo.getByText(STATUS_LINES[0] ?? ''),
      }[name]
      await expect(shown).toBeVisible()
      await painted(page)
      const { width: elementWidth, height } = await box(page)
      expect(height, `${name} at ${width} px`).toBe(panelHeight(elementWidth))
    }
  }
})

test('every line the status line shows a visitor fits the lines the lead keeps for it: two below 340 px, one from there', async ({
  page,
}) => {
  await page.goto('/embed-demo/neutral.html')
  const demo = page.locator('voice-demo')
  await expect(demo.getByRole('heading', { name: /^Built for / })).toBeVisible()
  const status = demo.getByRole('status')
  const lead = demo.getByText('Talk to it in your browser, or have it call your phone.')
  for (const [width, lines] of [
    [320, 2],
    [340, 1],
    [432, 1],
  ] as const) {
    await page.setViewportSize({ width: width + 48, height: 844 })
    expect((await box(page)).width).toBe(width)
    for (const line of STATUS_LINES) {
      await status.evaluate((element, text) => {
        element.textContent = text
      }, line)
      // In the lead's place, within the lines it keeps.
      const [shown, kept] = await Promise.all([
        status.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
        lead.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      ])
      expect(shown.top, line).toBe(kept.top)
      expect(shown.height, `${line} at ${width} px`).toBeLessThanOrEqual(20 * lines)
      expect(shown.height).toBeLessThanOrEqual(kept.height)
    }
  }
  // From 432 px the lead under the title is one line (20 px) too.
  await status.evaluate((element) => {
    element.textContent = ''
  })
  expect(await lead.evaluate((element) => element.getBoundingClientRect().height)).toBe(20)
})

/** The lines pages pasted before this one: the one with a step at 340 px, and the one before it. */
const OLDER_LINES = [
  {
    name: 'the line before (--voice-demo-fit:1)',
    css:
      'voice-demo{--voice-demo-fit:1}voice-demo:not(:defined,[hidden]){display:block}' +
      'voice-demo:not(:defined)::before{content:"";display:block;padding-top:calc(clamp(220px,(528px - 100%)*999,308px) + clamp(0px,(432px - 100%)*999,20px) + clamp(0px,(340px - 100%)*999,20px))}',
    height: (width: number) => (width < 340 ? 348 : width < 432 ? 328 : 308),
  },
  {
    name: 'the line before that (348 px narrow)',
    css:
      'voice-demo:not(:defined,[hidden]){display:block}' +
      'voice-demo:not(:defined)::before{content:"";display:block;padding-top:clamp(220px,(528px - 100%)*999,348px)}',
    height: () => 348,
  },
] as const

for (const [index, { name, css, height }] of OLDER_LINES.entries()) {
  test(`a page with ${name} keeps that height, its buttons at the bottom: nothing moves there either`, async ({
    page,
  }) => {
    const url = `/embed-demo/older-line-${index}.html`
    for (const width of [320, 390, 480]) {
      await page.setViewportSize({ width, height: 844 })
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await page.route(`**${url}`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body:
            '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
            '<meta name="viewport" content="width=device-width, initial-scale=1"><title>A line from before</title>' +
            `<style>body{margin:16px}${css}</style><script type="module" async src="/widget.mjs"></script></head>` +
            '<body><voice-demo slug="bright-smile-dental"></voice-demo><p>After.</p></body></html>',
        }),
      )
      await recordShifts(page)
      const releaseScript = await hold(page, '**/widget.mjs')
      await page.goto(url, { waitUntil: 'domcontentloaded' })
      await painted(page)
      const reserved = await box(page)
      expect(reserved.height, `${name} at ${width} px`).toBe(height(reserved.width))
      releaseScript()
      const demo = page.locator('voice-demo')
      await expect(demo.getByRole('heading', { name: /^Built for / })).toBeVisible()
      await painted(page)
      expect(await box(page)).toEqual(reserved)
      expect(await readShifts(page)).toEqual([])
      // The room the panel does not need is above its buttons, not an empty band under them.
      const [panel, button] = await Promise.all([
        demo.locator('section').boundingBox(),
        demo.getByRole('button', { name: 'Call Me' }).boundingBox(),
      ])
      expect(panel && button && panel.y + panel.height - (button.y + button.height)).toBe(24)
    }
  })
}

/**
 * A page with the video button in its flow under the panel (a builder's page, the WordPress plugin's),
 * served from the product's origin: `keep` adds the line that keeps the button's room from the first
 * paint, as a page that knows the product runs video calls does.
 */
async function inFlowPage(page: Page, origin: string, keep: boolean): Promise<string> {
  const url = `${origin}/embed-demo/video-in-flow-${keep ? 'kept' : 'plain'}.html`
  const css = PANEL_SPACE_CSS + VIDEO_IN_FLOW_CSS + (keep ? VIDEO_SPACE_CSS : '')
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Video button in flow</title>' +
        `<style>body{margin:16px}${css}</style><script type="module" async src="/widget.mjs"></script></head>` +
        '<body><voice-demo slug="bright-smile-dental"></voice-demo>' +
        '<voice-video-call slug="bright-smile-dental"></voice-video-call>' +
        '<p id="after">The page goes on under the demo.</p></body></html>',
    }),
  )
  return url
}

const boxOf = async (page: Page, selector: string) => {
  const found = await page.locator(selector).boundingBox()
  if (!found) throw new Error(`no box for ${selector}`)
  return found
}

for (const width of WIDTHS) {
  test(`at ${width} px, the video button shows in the room its page kept for it: nothing moves`, async ({
    page,
    baseURL,
    pageErrors,
  }) => {
    await page.setViewportSize({ width, height: 844 })
    await recordShifts(page)
    // The button's chunk comes after the panel has its answer, as on a slow network.
    const releaseButton = await hold(page, '**/widget-chunks/video-call-button-*.js')
    await page.goto(await inFlowPage(page, baseURL ?? '', true), { waitUntil: 'domcontentloaded' })
    await painted(page)
    // From the first paint: the button's 56 px and the 16 px above it.
    const kept = await boxOf(page, 'voice-video-call')
    expect(kept.height).toBe(72)
    const text = await boxOf(page, '#after')
    const demo = page.locator('voice-demo')
    await expect(demo.getByRole('heading', { name: /^Built for / })).toBeVisible()
    await painted(page)

    releaseButton()
    await expect(page.getByRole('button', { name: 'Start a video call' })).toBeVisible()
    await painted(page)
    expect(await boxOf(page, 'voice-video-call')).toEqual(kept)
    expect(await boxOf(page, '#after')).toEqual(text)
    const shifts = await readShifts(page)
    expect(cls(shifts), `layout shifts: ${JSON.stringify(shifts)}`).toBe(0)
    expect(shifts).toEqual([])
    expect(pageErrors).toEqual([])
  })
}

test('where the product runs no video calls after all, the room kept for the button is given back', async ({
  page,
  noVoiceBaseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(await inFlowPage(page, noVoiceBaseURL, true))
  await expect(page.locator('voice-demo').getByText('Calls are not available right now.')).toBeVisible()
  // No empty space where no button will show.
  await expect.poll(async () => (await boxOf(page, 'voice-video-call')).height).toBe(0)
  await expect(page.getByRole('button', { name: 'Start a video call' })).toHaveCount(0)
})

test('without the room kept (the product not known to run video calls), the element is 0 px high until the button shows', async ({
  page,
  noVoiceBaseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(await inFlowPage(page, noVoiceBaseURL, false), { waitUntil: 'domcontentloaded' })
  await painted(page)
  expect((await boxOf(page, 'voice-video-call')).height).toBe(0)
})
