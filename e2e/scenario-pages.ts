import type { Browser, FrameLocator, Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/**
 * Helpers for the embed scenarios (embed-demo/*.html, e2e/embed-*.spec.ts): the panel as a visitor
 * sees it, and screenshots compared pixel by pixel.
 */

/** The company name each seeded prospect's panel shows (supabase/seed.sql). */
export const COMPANY = {
  'bright-smile-dental': 'Bright Smile Dental',
  'harbor-realty': 'Harbor Realty Group',
} as const

/** The `<voice-demo>` for `slug` in a page or a frame. */
export const demoFor = (root: Page | FrameLocator, slug: keyof typeof COMPANY): Locator =>
  root.locator(`voice-demo[slug="${slug}"]`)

/** The panel shows the prospect's company and both buttons, ready to use. */
export async function expectPanelReady(demo: Locator, slug: keyof typeof COMPANY): Promise<void> {
  await expect(demo.getByRole('heading', { name: `Built for ${COMPANY[slug]}` })).toBeVisible()
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  await expect(demo.getByRole('button', { name: 'Call Me' })).toBeVisible()
}

/** The floating video-call button (inside `<voice-video-call>`'s shadow root). */
export const videoButtonIn = (root: Page | FrameLocator): Locator =>
  root.locator('voice-video-call').getByRole('button', { name: 'Start a video call' })

/**
 * A whole video call from the floating button: the overlay opens with the conversation frame and
 * 'Connected!', and End call closes it with 'Call Ended'. The tests' product runs against the fake
 * video webhook (e2e/fakes/fake-video-webhook.ts).
 */
export async function expectVideoCallCycle(page: Page): Promise<void> {
  const widget = page.locator('voice-video-call')
  const dialog = widget.getByRole('dialog', { name: 'Video call with our AI support agent' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('status')).toContainText('Connected!')
  await expect(
    page.frameLocator('voice-video-call iframe').getByText('Fake video conversation'),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'End call' }).click()
  await expect(dialog).toBeHidden()
  await expect(widget.getByRole('status')).toContainText('Call Ended')
}

/** Where two screenshots differ: the count of pixels and the box around them (null: sizes differ). */
export interface PixelDiff {
  count: number
  box: { left: number; top: number; right: number; bottom: number } | null
}

/**
 * Compares two PNG screenshots pixel by pixel, decoded by a blank page of the same browser so that
 * the host page's CSP cannot interfere.
 */
export async function diffPixels(browser: Browser, a: Buffer, b: Buffer): Promise<PixelDiff> {
  const page = await browser.newPage()
  try {
    return await page.evaluate(
      async ([first, second]) => {
        const decode = async (base64: string) => {
          const bitmap = await createImageBitmap(
            await (await fetch(`data:image/png;base64,${base64}`)).blob(),
          )
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
          const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
          context.drawImage(bitmap, 0, 0)
          return context.getImageData(0, 0, bitmap.width, bitmap.height)
        }
        const [x, y] = [await decode(first), await decode(second)]
        if (x.width !== y.width || x.height !== y.height) return { count: -1, box: null }
        let count = 0
        const box = { left: x.width, top: x.height, right: -1, bottom: -1 }
        for (let i = 0; i < x.data.length; i += 4) {
          if ([0, 1, 2, 3].every((channel) => x.data[i + channel] === y.data[i + channel])) continue
          count++
          const [column, row] = [(i / 4) % x.width, Math.floor(i / 4 / x.width)]
          box.left = Math.min(box.left, column)
          box.right = Math.max(box.right, column)
          box.top = Math.min(box.top, row)
          box.bottom = Math.max(box.bottom, row)
        }
        return { count, box: count > 0 ? box : null }
      },
      [a.toString('base64'), b.toString('base64')] as const,
    )
  } finally {
    await page.close()
  }
}
