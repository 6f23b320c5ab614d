import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Locator, Page, PageScreenshotOptions } from '@playwright/test'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import { PANEL_SPACE_CSS } from '#core/embed-snippet.ts'
import { expect } from '../fixtures.ts'

/**
 * The visual regression suite's host page: a neutral partner page on another origin that embeds the
 * widget by its snippet (the first line keeping the panel's space included), in Inter from the npm package (never a system font, so every machine renders
 * the same glyphs), light or dark by the visitor's system setting (the widget's default `auto`).
 */

export const THEMES = ['light', 'dark'] as const
export const WIDTHS = [1280, 390] as const
export type Theme = (typeof THEMES)[number]
export type Width = (typeof WIDTHS)[number]

/** Each (theme, width) pair the suite runs; one test per pair and spec, so they run in parallel. */
export const VARIANTS = THEMES.flatMap((theme) => WIDTHS.map((width) => ({ theme, width })))

// https: calls need a secure context (the microphone), as on any real partner site.
const ORIGIN = 'https://partner.test'
const FONT_WEIGHTS = [400, 500, 600] as const
const fontFiles = dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json'))

const hostPage = (widgetOrigin: string) => `<!doctype html>
<html lang="en">
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Partner page</title>
<style>${PANEL_SPACE_CSS}</style>
<style>
  ${FONT_WEIGHTS.map(
    (weight) =>
      `@font-face { font-family: Inter; font-weight: ${weight}; src: url(/fonts/inter-${weight}.woff2) format("woff2"); }`,
  ).join('\n  ')}
  :root { color-scheme: light dark; }
  body { margin: 0; font: 16px/1.5 Inter; background: #f8fafc; color: #0f172a; }
  @media (prefers-color-scheme: dark) { body { background: #020617; color: #e2e8f0; } }
  main { max-width: 640px; margin: 0 auto; padding: 24px 16px 120px; }
  h1 { margin: 0 0 16px; font-size: 28px; line-height: 36px; font-weight: 600; }
</style>
<script type="module" async src="${widgetOrigin}/widget.mjs"></script>
<main>
  <h1>Try our new receptionist</h1>
  <voice-demo slug="bright-smile-dental"></voice-demo>
  <p>It answers when the front desk cannot, books visits and hands urgent cases on.</p>
</main>
<voice-video-call slug="bright-smile-dental"></voice-video-call>
</html>`

/**
 * Opens the host page at `width` in `theme`, the widget loaded from `widgetOrigin`. Resolves once the
 * fonts are in; the caller waits for the state it wants to see.
 */
export async function openVisualPage(
  page: Page,
  { theme, width, widgetOrigin }: { theme: Theme; width: Width; widgetOrigin: string },
): Promise<void> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
  await page.route(`${ORIGIN}/fonts/*`, async (route) => {
    const weight = /inter-(\d+)\.woff2$/.exec(route.request().url())?.[1]
    const file = join(fontFiles, 'files', `inter-latin-${weight}-normal.woff2`)
    await route.fulfill({ contentType: 'font/woff2', body: await readFile(file) })
  })
  await page.route(`${ORIGIN}/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: hostPage(widgetOrigin) }),
  )
  await page.goto(`${ORIGIN}/`)
  await page.evaluate(async (weights) => {
    await Promise.all(weights.map((weight) => document.fonts.load(`${weight} 16px Inter`)))
  }, FONT_WEIGHTS)
  await hideMovingParts(page)
}

/** The page's panel: `<voice-demo>`. */
export const panelOf = (page: Page): Locator => page.locator('voice-demo')

/** Moves the pointer off the widget, so no hover style is in the picture. */
export const parkPointer = (page: Page): Promise<void> => page.mouse.move(1, 1)

/** A screenshot's file name: one per state, theme and width. */
export const shotName = (state: string, theme: Theme, width: Width): string =>
  `${state}-${theme}-${width}.png`

/**
 * What changes on its own from run to run (audio levels, a call's clock, a video frame) is hidden in
 * the widget's shadow roots, for the screenshots: it keeps its place, and what lies under or over it
 * is still compared. (A screenshot's own `style` option does not reach into shadow roots.)
 */
async function hideMovingParts(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('voice-demo') && customElements.get('voice-video-call'))
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync('canvas, [role=timer], iframe { visibility: hidden !important; }')
    for (const host of document.querySelectorAll('voice-demo, voice-video-call')) {
      const root = host.shadowRoot as ShadowRoot
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    }
  })
}

/** The whole viewport, as the visitor sees a modal dialog and its backdrop, compared with its baseline. */
export async function expectViewport(page: Page, name: string, options: PageScreenshotOptions = {}) {
  await parkPointer(page)
  await expect(page).toHaveScreenshot(name, options)
}

/** One element, compared with its baseline. */
export async function expectElement(page: Page, locator: Locator, name: string): Promise<void> {
  await parkPointer(page)
  await expect(locator).toHaveScreenshot(name)
}

/** Pixels that differ beyond anti-aliasing, as the baselines are compared (Playwright's own settings). */
function countChangedPixels(before: Buffer, after: Buffer): number {
  const [a, b] = [PNG.sync.read(before), PNG.sync.read(after)]
  if (a.width !== b.width || a.height !== b.height) return a.width * a.height
  return pixelmatch(a.data, b.data, undefined, a.width, a.height, { threshold: 0.2, includeAA: false })
}

/**
 * The panel once a state is closed again (a dialog, a call, a toast) is the panel it was before, in
 * this same run (itself compared with the idle baseline): a lazily loaded stylesheet that changed the
 * panel's rules shows here.
 */
export async function expectUnchanged(page: Page, locator: Locator, before: Buffer, what: string) {
  await parkPointer(page)
  // The dialog's close may still be painting: the settled panel is what counts.
  await expect
    .poll(async () => countChangedPixels(before, await locator.screenshot({ animations: 'disabled' })), {
      message: `the panel after ${what} differs from the panel before it`,
    })
    .toBe(0)
}
