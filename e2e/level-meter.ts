import type { Locator } from '@playwright/test'
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
 * level indigo and the visitor's microphone violet): the PNG is decoded by the page's own browser.
 */
export async function countMeterPixels(meter: Locator, hex: string): Promise<number> {
  const png = (await meter.screenshot()).toString('base64')
  return meter.page().evaluate(
    async ([data, color]) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob())
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
      context.drawImage(bitmap, 0, 0)
      const { data: pixels } = context.getImageData(0, 0, bitmap.width, bitmap.height)
      const target = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16))
      let count = 0
      for (let i = 0; i < pixels.length; i += 4) {
        const close = target.every((value, channel) => Math.abs((pixels[i + channel] ?? 0) - value) < 24)
        if (close) count++
      }
      return count
    },
    [png, hex] as const,
  )
}

/** The visualizer's colours (worker/level-visualizer.ts). */
export const METER_COLORS = { agent: '#4f46e5', microphone: '#7c3aed' } as const
