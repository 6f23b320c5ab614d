import type { Page } from '@playwright/test'
import { PANEL_SPACE_CSS } from '#core/embed-snippet.ts'
import { sendTranscript, serveFakeDaily } from './fakes/fake-daily.ts'
import { expect, test } from './fixtures.ts'
import { hold } from './page-timing.ts'

/**
 * The panel at the widths phones and narrow page columns give it (below 528 px, where its buttons
 * stack): at rest it is as tall as what it shows, so no empty band stays under its last row (only the
 * card's own padding), with or without a booking link, in both themes; and no step of a visit (the
 * script, the prospect's answer, a call connecting, ended) moves the page under it. A live call's
 * meter takes the lead's place (a few pixels more only where its row wraps); its captions take room
 * of their own under the buttons. The page is the documented snippet, its first line included, in a
 * column of each width. (A call that cannot start leaves the panel as it was: e2e/visual/panel.visual.spec.ts.)
 */

const WIDTHS = [320, 340, 360, 390, 414, 430, 480, 527] as const

const pageUrl = (origin: string, theme: string) => `${origin}/embed-demo/band-${theme}.html`

/** A partner's page: the snippet in a column whose width the test sets, and text under it. */
async function servePage(page: Page, origin: string, theme: 'light' | 'dark'): Promise<string> {
  const url = pageUrl(origin, theme)
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Narrow column</title>' +
        `<style>body{margin:0}#column{width:320px}${PANEL_SPACE_CSS}</style>` +
        '<script type="module" async src="/widget.mjs"></script></head><body><div id="column">' +
        `<voice-demo slug="bright-smile-dental" theme="${theme}"></voice-demo>` +
        '<p id="after">The page goes on under the demo.</p></div></body></html>',
    }),
  )
  return url
}

/** The prospect's answer without its booking link: the rep and the team have no scheduler. */
const withoutBooking = (page: Page) =>
  page.route('**/api/prospects/bright-smile-dental', async (route) => {
    const json = await (await route.fetch()).json()
    delete json.prospect.booking
    await route.fulfill({ json })
  })

interface Measure {
  /** The `<voice-demo>` element's height. */
  height: number
  /** Where the page's text under the demo starts. */
  after: number
  /** Empty space between the panel's last visible row and its padding. */
  band: number
}

/** Sets the column's width, waits for two frames and measures the panel. */
async function measureAt(page: Page, width: number): Promise<Measure> {
  return page.evaluate(async (columnWidth) => {
    const column = document.getElementById('column') as HTMLElement
    column.style.width = `${columnWidth}px`
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const demo = document.querySelector('voice-demo') as HTMLElement
    const after = (document.getElementById('after') as HTMLElement).getBoundingClientRect().top
    const section = demo.shadowRoot?.querySelector('section')
    const body = section?.querySelector('.panel-body')
    const height = demo.getBoundingClientRect().height
    if (!section || !body) return { height, after, band: Number.NaN }
    const visible = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true, opacityProperty: false }) &&
      !element.closest('.sr-only')
    let last = Number.NEGATIVE_INFINITY
    // Boxes that are rows of their own: buttons, the meter, the captions' box.
    for (const element of body.querySelectorAll('button, canvas, [role="log"]')) {
      const box = element.getBoundingClientRect()
      if (visible(element) && box.height > 0) last = Math.max(last, box.bottom)
    }
    // Each line of text, as its line box (the glyphs' box centred in the line height).
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || !node.textContent?.trim() || !visible(parent)) continue
      const lineHeight = Number.parseFloat(getComputedStyle(parent).lineHeight)
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) {
        last = Math.max(last, rect.bottom + (lineHeight - rect.height) / 2)
      }
    }
    const padding = Number.parseFloat(getComputedStyle(section).paddingBottom)
    return { height, after, band: Math.round(section.getBoundingClientRect().bottom - padding - last) }
  }, width)
}

async function measureAll(page: Page): Promise<Measure[]> {
  const all: Measure[] = []
  for (const width of WIDTHS) all.push(await measureAt(page, width))
  return all
}

/** The figures by width, for the report when a test fails. */
const table = (rows: Record<string, Measure[]>, key: keyof Measure) =>
  [
    `${key} at ${WIDTHS.join(', ')} px`,
    ...Object.entries(rows).map(([name, row]) => `${name}: ${row.map((measure) => measure[key]).join(', ')}`),
  ].join('\n')

for (const booking of [true, false]) {
  test(`${booking ? 'with' : 'without'} a booking link: no band at rest, nothing moves through a call`, async ({
    page,
    baseURL,
    pageErrors,
  }) => {
    test.setTimeout(180_000)
    if (!booking) await withoutBooking(page)
    const releaseScript = await hold(page, '**/widget.mjs')
    const releaseAnswer = await hold(page, '**/api/prospects/bright-smile-dental')
    let releaseDaily = () => {}
    await serveFakeDaily(page, { until: new Promise<void>((resolve) => (releaseDaily = resolve)) })
    await page.goto(await servePage(page, baseURL ?? '', 'light'), { waitUntil: 'domcontentloaded' })
    const demo = page.locator('voice-demo')
    const rows: Record<string, Measure[]> = {}

    rows.reserved = await measureAll(page)
    releaseScript()
    await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeVisible()
    rows.loading = await measureAll(page)
    releaseAnswer()
    await expect(demo.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
    await expect(demo.getByRole('link', { name: /^Book a call/ })).toHaveCount(booking ? 1 : 0)
    rows.rest = await measureAll(page)

    await demo.getByRole('button', { name: 'Test in Browser' }).click()
    await expect(demo.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
    await expect(demo.getByText('Connecting to your AI assistant…')).toBeVisible()
    rows.connecting = await measureAll(page)
    releaseDaily()
    await expect(demo.getByText('Listening')).toBeVisible()
    rows.call = await measureAll(page)
    await sendTranscript(page, {
      role: 'assistant',
      transcriptType: 'final',
      transcript: 'Thanks for calling Bright Smile Dental! How can I help you today?',
    })
    await expect(demo.getByText('How can I help you today?')).toBeVisible()
    rows.captions = await measureAll(page)
    await demo.getByRole('button', { name: 'Stop Call' }).click()
    await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
    rows.ended = await measureAll(page)

    const figures = `${table(rows, 'height')}\n${table(rows, 'band')}`
    test.info().annotations.push({ type: 'figures', description: figures })
    for (const [index, width] of WIDTHS.entries()) {
      const at = (state: string) => rows[state]?.[index] as Measure
      for (const state of ['loading', 'rest', 'connecting', 'ended']) {
        // The page under the panel stays where the snippet's first line put it.
        expect(at(state).after, `${state} at ${width} px\n${figures}`).toBe(at('reserved').after)
        // Under the last row, only the card's padding.
        expect(at(state).band, `${state} at ${width} px\n${figures}`).toBe(0)
      }
      // The live call's meter takes the lead's place: a few pixels more only where its row wraps.
      expect(at('call').after - at('rest').after, `call at ${width} px\n${figures}`).toBeLessThanOrEqual(12)
      expect(at('captions').band, `captions at ${width} px\n${figures}`).toBe(0)
    }
    expect(pageErrors).toEqual([])
  })
}

test('in the dark theme too, the panel at rest has no band under its last row', async ({ page, baseURL }) => {
  for (const booking of [true, false]) {
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    if (!booking) await withoutBooking(page)
    await page.goto(await servePage(page, baseURL ?? '', 'dark'))
    const demo = page.locator('voice-demo')
    await expect(demo.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
    await expect(demo.getByRole('link', { name: /^Book a call/ })).toHaveCount(booking ? 1 : 0)
    await expect(demo.locator('section')).toHaveCSS('background-color', 'rgb(15, 23, 42)')
    for (const [index, measure] of (await measureAll(page)).entries()) {
      expect(measure.band, `${booking ? 'with' : 'without'} a booking link at ${WIDTHS[index]} px`).toBe(0)
    }
  }
})
