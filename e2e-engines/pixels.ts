import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import type { ElementRef, EngineSession } from './engine.ts'
import { waitUntil } from './engine.ts'

/** Where two screenshots of one engine differ: nothing, their sizes, or this many pixels in this box. */
export interface PixelDiff {
  same: boolean
  sizes: string
  differing: number
  box: { left: number; top: number; right: number; bottom: number } | null
}

/** How many lone pixels two pictures of the same look may differ by (see {@link diffPngs}). */
export const STRAY_PIXELS = 2

/**
 * Compares two PNGs as the visual suite compares the widget's states in Chromium (pixelmatch with
 * Playwright's settings): a per-pixel colour distance of 0.2 that anti-aliasing stays within, pixels
 * found to be anti-aliased edges skipped. Exact equality is too
 * strict for a page that was covered by a modal dialog: WebKit draws some text of the uncovered panel
 * again with other anti-aliasing (up to 97 of 255 on glyph edges), while a moved element, another
 * colour or a focus ring differ far beyond it. For the same reason a couple of lone pixels may differ
 * ({@link STRAY_PIXELS}): WebKit on a busy machine has repainted one glyph pixel of the uncovered panel
 * past the threshold, while the smallest real change (a 1 px ring around a button) is hundreds.
 */
export function diffPngs(before: Buffer, after: Buffer): PixelDiff {
  const [a, b] = [PNG.sync.read(before), PNG.sync.read(after)]
  const sizes = `${a.width}×${a.height} → ${b.width}×${b.height}`
  if (a.width !== b.width || a.height !== b.height) return { same: false, sizes, differing: -1, box: null }
  const marks = new PNG({ width: a.width, height: a.height })
  const differing = pixelmatch(a.data, b.data, marks.data, a.width, a.height, {
    threshold: 0.2,
    includeAA: false,
    diffMask: true,
    diffColor: [255, 0, 0],
  })
  if (differing === 0) return { same: true, sizes, differing, box: null }
  // The differing pixels are the ones marked red (anti-aliased ones, skipped, are yellow).
  const box = { left: a.width, top: a.height, right: -1, bottom: -1 }
  for (let i = 0; i < marks.data.length; i += 4) {
    if (marks.data[i] !== 255 || marks.data[i + 1] !== 0 || marks.data[i + 3] === 0) continue
    const [x, y] = [(i / 4) % a.width, Math.floor(i / 4 / a.width)]
    box.left = Math.min(box.left, x)
    box.right = Math.max(box.right, x)
    box.top = Math.min(box.top, y)
    box.bottom = Math.max(box.bottom, y)
  }
  return { same: differing <= STRAY_PIXELS, sizes, differing, box }
}

/** Where a failed comparison leaves its pictures (ignored by git, as Playwright's are). */
export const ARTIFACTS_DIR = 'test-results/engines'

/**
 * Writes `<name>-before.png` and `<name>-after.png` for a comparison that failed, so what differed can be
 * looked at; resolves with the directory.
 */
export async function keepPictures(name: string, before: Buffer, after: Buffer): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true })
  const base = name.replace(/[^\w.-]+/g, '-')
  await writeFile(join(ARTIFACTS_DIR, `${base}-before.png`), before)
  await writeFile(join(ARTIFACTS_DIR, `${base}-after.png`), after)
  return ARTIFACTS_DIR
}

/**
 * A screenshot of `element` once it has settled: its fonts in, and two pictures in a row the same, so a
 * fade or a font still loading is never taken for the element's look.
 */
export async function settledScreenshot(session: EngineSession, element: ElementRef): Promise<Buffer> {
  await waitUntil(`${session.name}: the page's fonts`, async () => {
    const loaded = await session.run(() => document.fonts.ready.then(() => document.fonts.status), null)
    return { ok: loaded === 'loaded', value: loaded }
  })
  let previous = await session.screenshot(element)
  return waitUntil(`${session.name}: two screenshots in a row the same`, async () => {
    const next = await session.screenshot(element)
    const diff = diffPngs(previous, next)
    previous = next
    return { ok: diff.same, value: next }
  })
}

/**
 * `element` looks as it did in `before` (the pointer parked away): polled, since a close may still be
 * painting, and on failure both pictures are kept beside the error.
 */
export async function expectUnchanged(
  session: EngineSession,
  element: ElementRef,
  before: Buffer,
  what: string,
): Promise<void> {
  await session.parkPointer()
  let after = before
  try {
    await waitUntil(`${session.name}: ${what}`, async () => {
      after = await session.screenshot(element)
      const diff = diffPngs(before, after)
      return { ok: diff.same, value: diff }
    })
  } catch (error) {
    const folder = await keepPictures(`${session.name}-${what}`, before, after)
    throw new Error(`${(error as Error).message}; the pictures are in ${folder}`)
  }
}
