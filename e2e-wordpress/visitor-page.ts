import assert from 'node:assert/strict'
import type { BrowserContext } from '@playwright/test'
import {
  assertUndamaged,
  assertVideoButtonInFlow,
  callMeLeavesPanelAsItWas,
  collectErrors,
  documentBoxes,
  hold,
  isFontSwapInPanel,
  painted,
  readShifts,
  recordShifts,
  type Shift,
} from './page-checks.ts'

export const SLUG = 'bright-smile-dental'
/** The CSS reserving the panel's space: enqueued for the head, or inline with a demo the head did not foresee. */
export const PAGE_CSS = 'style#voice-demo-inline-css, style#voice-demo-space'
export const COMPANY = 'Bright Smile Dental'

/** Cumulative layout shift as the metric counts it: shifts right after the visitor's input do not. */
const cls = (shifts: Shift[]) =>
  shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0)

export interface VisitorPage {
  /** How a failure names the page: theme, width, post. */
  what: string
  url: string
  /** The product's origin, where the widget and its API are. */
  product: string
  /** How many demos the post holds. */
  count: number
  /** Whether the post shows the video call button. */
  video: boolean
  /** Twenty Twenty-Three's Inter may re-lay the panel's labels (isFontSwapInPanel). */
  fontSwapAllowed: boolean
  /** Where to save a picture of the whole page, if anywhere. */
  screenshot: string | null
}

/**
 * A visitor opens a post with demos (in `context`, fresh for this page): the HTML is the plugin's,
 * whole; the panel gets the product's answer across origins and shows the company; the script and the
 * CSS are there once; the video button shows in the room kept for it; Call Me opens and closes leaving
 * the panel as it was; nothing moved, no error.
 */
export async function checkVisitorPage(context: BrowserContext, options: VisitorPage): Promise<void> {
  const { what, product, count, video } = options
  await recordShifts(context)
  const page = await context.newPage()
  const errors = collectErrors(page)
  // The video button's chunk waits until the panel's steps are done: its arrival is checked apart.
  const releaseVideo = video ? await hold(page, '**/widget-chunks/video-call-button-*.js') : null
  const answer = page.waitForResponse((response) => response.url() === `${product}/api/prospects/${SLUG}`)
  const response = await page.goto(options.url)
  if (!response?.ok()) throw new Error(`${what}: the post does not open (${response?.status()})`)
  assertUndamaged(await response.text(), SLUG, count, video)
  // The product answers the page's origin (CORS), and the panel shows what it answered.
  const api = await answer
  assert.equal(api.status(), 200, what)
  assert.equal(api.headers()['access-control-allow-origin'], '*', what)
  const demos = page.locator('voice-demo')
  assert.equal(await demos.count(), count, what)
  for (const demo of await demos.all()) {
    await demo.getByRole('heading', { name: `Built for ${COMPANY}` }).waitFor()
    await demo.getByRole('button', { name: 'Call Me' }).waitFor()
  }
  // Once per page, however many demos: the script, and the CSS reserving the panel's space.
  assert.equal(await page.locator(`script[src="${product}/widget.mjs"]`).count(), 1, what)
  assert.equal(await page.locator(PAGE_CSS).count(), 1, what)
  // The CSS comes before the first panel, so its space is there from the first paint.
  const cssFirst = await page.evaluate(() => {
    const css = document.querySelector('#voice-demo-inline-css, #voice-demo-space')
    const demo = document.querySelector('voice-demo')
    return Boolean(css && demo && css.compareDocumentPosition(demo) & Node.DOCUMENT_POSITION_FOLLOWING)
  })
  assert.ok(cssFirst, `${what}: the CSS before the first panel`)
  await painted(page)
  const panels = await documentBoxes(demos)
  const panel = panels[0]
  assert.ok(panel, what)
  // As tall as the panel's tallest state needs at its width, no more (docs/embedding.md): no empty
  // band under the buttons, only the card's padding.
  for (const { width, height } of panels) {
    const fitted = width < 432 ? 296 : width < 528 ? 276 : 220
    assert.equal(height, fitted, `${what}: the panel's height at ${width} px wide`)
  }
  for (const demo of await demos.all()) {
    const [card, button] = await Promise.all([
      demo.locator('section').boundingBox(),
      demo.getByRole('button', { name: 'Call Me' }).boundingBox(),
    ])
    const under = card && button ? card.y + card.height - (button.y + button.height) : Number.NaN
    if (card && card.width < 528) assert.equal(under, 24, `${what}: the space under the buttons`)
  }
  /** The layout shifts from the `from`th on, but a font swap inside a panel where that is allowed. */
  const movedSince = async (from = 0) =>
    (await readShifts(page))
      .slice(from)
      .filter((shift) => !(options.fontSwapAllowed && isFontSwapInPanel(shift, panels)))

  if (releaseVideo) {
    // The video button arrives under the panel, in the flow, into the room the page kept for it from
    // its first paint (the plugin knows the product runs video calls): nothing on the page moves.
    // Before any click, so that the metric counts every shift as a visitor's page has it.
    const videoCall = page.locator('voice-video-call')
    const kept = await videoCall.boundingBox()
    const before = (await readShifts(page)).length
    releaseVideo()
    await assertVideoButtonInFlow(demos.first(), videoCall)
    await painted(page)
    const later = await movedSince(before)
    assert.deepEqual(
      later,
      [],
      `${what}: as the video button came, CLS ${cls(later)}, panel ${JSON.stringify(panel)}: ${JSON.stringify(later)}`,
    )
    assert.deepEqual(await videoCall.boundingBox(), kept, `${what}: the video button in the room kept for it`)
  }

  await callMeLeavesPanelAsItWas(page, demos.first())
  await painted(page)
  // Nothing moved through load, the answer, the video button and Call Me.
  const moved = await movedSince()
  assert.deepEqual(
    moved,
    [],
    `${what}: layout shifts ${JSON.stringify(await readShifts(page))}, panels ${JSON.stringify(panels)}`,
  )
  assert.deepEqual(errors, [], `${what}: errors`)
  if (options.screenshot) await page.screenshot({ path: options.screenshot, fullPage: true })
}
