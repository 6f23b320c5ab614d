import assert from 'node:assert/strict'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { diffPngs } from '../e2e-engines/pixels.ts'

/** What a visitor's page is checked for: nothing moves, nothing breaks, no markup damage. */

/** A failure bound for a condition polled, never a wait of its own. */
const DEADLINE_MS = 30_000

/** Polls `check` until it returns a value, or throws `what` with the last value after the deadline. */
export async function pollUntil<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${DEADLINE_MS / 1000} s`)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

export interface Shift {
  value: number
  hadRecentInput: boolean
  /** When, in ms from the page's start. */
  at: number
  /** The page's scroll then: the sources' rectangles are the viewport's. */
  scrollY: number
  sources: string[]
}

/**
 * Records every layout shift of the context's pages from their very start, the buffered ones
 * included (as e2e/layout-shift.spec.ts does), with when and what moved where. A string, not a
 * function: tsx would add its own helpers to a function's source, which the page does not have.
 */
const RECORD_SHIFTS = `
const shifts = []
window.layoutShifts = shifts
const rect = (r) => r.x + ',' + r.y + ' ' + r.width + '×' + r.height
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    shifts.push({
      value: entry.value,
      hadRecentInput: entry.hadRecentInput,
      at: Math.round(entry.startTime),
      scrollY: window.scrollY,
      sources: (entry.sources || []).map(({ node, previousRect, currentRect }) => {
        const name = node instanceof Element ? node.localName + '.' + [...node.classList].join('.') : String(node && node.nodeName)
        return name + ' ' + rect(previousRect) + ' → ' + rect(currentRect)
      }),
    })
  }
}).observe({ type: 'layout-shift', buffered: true })
`

export async function recordShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(RECORD_SHIFTS)
}

export const readShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts)

/** Resolves once the page has painted what it has now. */
export const painted = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

/** The page's uncaught errors and console errors, as they come. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`)
  })
  return errors
}

/**
 * The server's HTML for each demo is the plugin's one line, whole: the wrapper with the panel (and the
 * video button) and nothing else inside, no `<p>` opened before it or closed after it, no `<br />`.
 */
export function assertUndamaged(html: string, slug: string, count: number, video: boolean): void {
  const attributes = `slug="${slug}" theme="auto"`
  const inner = `<voice-demo ${attributes}></voice-demo>${video ? `<voice-video-call ${attributes}></voice-video-call>` : ''}`
  const wrapper =
    /<div class="[^"]*\bvoice-demo-embed\b[^"]*">(?:<style id="voice-demo-space">[^<]*<\/style>)?(.*?)<\/div>/g
  const found = [...html.matchAll(wrapper)]
  assert.equal(found.length, count, `${count} demo(s) in the page`)
  for (const match of found) {
    assert.equal(match[1], inner, 'the demo as the plugin wrote it')
    const before = html.slice(Math.max(0, match.index - 40), match.index)
    const after = html.slice(match.index + match[0].length, match.index + match[0].length + 40)
    assert.doesNotMatch(before, /<p>\s*$|<br \/>\s*$/, `no <p> or <br> before the demo: …${before}`)
    assert.doesNotMatch(after, /^\s*(<\/p>|<br \/>)/, `no </p> or <br> after the demo: ${after}…`)
  }
}

/** Nothing hovered or focused: what a screenshot must not depend on. */
async function rest(page: Page): Promise<void> {
  await page.mouse.move(0, 0)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
}

/** A screenshot of `element` once two in a row are the same (fonts in, nothing fading). */
async function settledShot(element: Locator): Promise<Buffer> {
  let previous = await element.screenshot({ animations: 'disabled', caret: 'hide' })
  return pollUntil('two screenshots in a row the same', async () => {
    const next = await element.screenshot({ animations: 'disabled', caret: 'hide' })
    const same = diffPngs(previous, next).same
    previous = next
    return same ? next : undefined
  })
}

/**
 * Call Me opens its dialog and its "Back" button closes it; the panel then looks exactly as before
 * (pixelmatch as the engines' suite compares, e2e-engines/pixels.ts).
 */
export async function callMeLeavesPanelAsItWas(page: Page, demo: Locator): Promise<void> {
  await rest(page)
  const before = await settledShot(demo)
  await demo.getByRole('button', { name: 'Call Me' }).click()
  const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
  await dialog.waitFor({ state: 'visible' })
  await painted(page)
  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await rest(page)
  let last = ''
  await pollUntil('the panel as it was before Call Me', async () => {
    const diff = diffPngs(before, await demo.screenshot({ animations: 'disabled', caret: 'hide' }))
    last = `${diff.sizes}, ${diff.differing} pixels differ in ${JSON.stringify(diff.box)}`
    return diff.same ? true : undefined
  }).catch((error: Error) => {
    throw new Error(`${error.message} (${last})`)
  })
}

/**
 * The video call button is in the page's flow under the panel, where the post puts it: shown, with
 * height of its own, starting below the panel's box, its dock not positioned (so it covers nothing).
 */
export async function assertVideoButtonInFlow(panel: Locator, videoCall: Locator): Promise<void> {
  await videoCall.getByRole('button', { name: 'Start a video call' }).waitFor({ state: 'visible' })
  const [panelBox, videoBox] = await Promise.all([panel.boundingBox(), videoCall.boundingBox()])
  assert.ok(panelBox && videoBox, 'both elements have a box')
  assert.ok(videoBox.height > 0, 'the video button takes room in the flow')
  assert.ok(videoBox.y >= panelBox.y + panelBox.height, 'the video button is under the panel')
  const position = await videoCall.evaluate(
    (element) => getComputedStyle(element.shadowRoot?.querySelector('[part~="dock"]') as Element).position,
  )
  assert.equal(position, 'static')
}

/** Holds the requests matching `url` until the returned function is called. */
export async function hold(page: Page, url: string): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await released
    await route.continue().catch(() => {}) // the page may have gone meanwhile
  })
  return release
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** A source's rectangles (`x,y w×h → x,y w×h`), in the document's coordinates. */
const rects = (source: string, scrollY: number) =>
  [...source.matchAll(/(-?[\d.]+),(-?[\d.]+) ([\d.]+)×([\d.]+)/g)].map(([, x, y, w, h]) => ({
    x: Number(x),
    y: Number(y) + scrollY,
    w: Number(w),
    h: Number(h),
  }))

/**
 * Whether `shift` is a panel's text laid out again in a font the page declares: only nodes inside
 * a panel's box moving sideways, same size and line. Twenty Twenty-Three declares Inter, the first
 * font of the panel's stack, and loads it only once the panel uses it, so on a first visit the panel's
 * labels are drawn in the fallback font first (font-display: fallback).
 */
export function isFontSwapInPanel(shift: Shift, panels: Box[]): boolean {
  const inside = (r: { x: number; y: number; w: number; h: number }) =>
    panels.some(
      (panel) =>
        r.x >= panel.x &&
        r.y >= panel.y &&
        r.x + r.w <= panel.x + panel.width &&
        r.y + r.h <= panel.y + panel.height,
    )
  return shift.sources.every((source) => {
    const [before, after] = rects(source, shift.scrollY)
    if (!before || !after) return false
    return (
      inside(before) && inside(after) && before.y === after.y && before.w === after.w && before.h === after.h
    )
  })
}

/** The box of each element `locator` matches, in the document's coordinates. */
export const documentBoxes = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect()
      return { x, y: y + window.scrollY, width, height }
    }),
  )
