import type { Locator } from '@playwright/test'
import { PNG } from 'pngjs'
import { expect } from './fixtures.ts'

/**
 * Screenshots the meter until it has shown `count` different pictures: the bars moved. Screenshots,
 * because the worker owns the canvas (OffscreenCanvas): the page itself cannot read its pixels.
 */
export async function expectMeterToMove(meter: Locator, count = 3): Promise<void> {
  const seen = new Set<string>()
  await expect
    .poll(
      async () => {
        seen.add((await meter.screenshot()).toString('base64'))
        return seen.size
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(count)
}

/**
 * How many pixels of the meter's screenshot are close to `hex` (the visualizer paints the agent's
 * level indigo and the visitor's microphone violet). Decoded here, not in the page, whose CSP
 * rightly refuses the `data:` URL a page-side decode would fetch.
 */
export async function countMeterPixels(meter: Locator, hex: string): Promise<number> {
  const { data: pixels } = PNG.sync.read(await meter.screenshot())
  const target = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
  let count = 0
  for (let i = 0; i < pixels.length; i += 4) {
    const close = target.every((value, channel) => Math.abs((pixels[i + channel] ?? 0) - value) < 24)
    if (close) count++
  }
  return count
}

/** The visualizer's colours (worker/level-visualizer.ts). */
export const METER_COLORS = { agent: '#4f46e5', microphone: '#7c3aed' } as const
