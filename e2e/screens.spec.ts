import type { Page } from '@playwright/test'
import { expect, hasHorizontalOverflow, test } from './fixtures.ts'

const WIDTHS = [390, 768, 1280] as const
const THEMES = ['light', 'dark'] as const

const PAGES: { name: string; path: string; waitUntilReady: (page: Page) => Promise<void> }[] = [
  {
    name: 'landing',
    path: '/',
    waitUntilReady: async (page) => {
      await expect(page.getByRole('link', { name: 'Try Demo Experience' })).toBeVisible()
    },
  },
  {
    name: 'prospect',
    path: '/bright-smile-dental',
    waitUntilReady: async (page) => {
      await expect(page.getByRole('heading', { name: /^Hey Dr\. Maya Patel/ })).toBeVisible()
      await expect(page.locator('voice-demo').getByRole('button', { name: 'Test in Browser' })).toBeVisible()
    },
  },
]

/**
 * Scrolls to the bottom a screen at a time and back, so sections that enter on scroll (observers,
 * lazy images) are in their settled state in the full-page screenshot, as a reader would see them.
 */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const step = page.viewportSize()?.height ?? 800
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)
    await page.waitForTimeout(150)
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  // The longest staged entrance (contact section) ends 1.8 s after it starts.
  await page.waitForTimeout(2000)
}

for (const { name, path, waitUntilReady } of PAGES) {
  for (const theme of THEMES) {
    test(`${name} at 390, 768 and 1280 px in the ${theme} theme fits the width (screenshots)`, async ({
      page,
    }, info) => {
      // This spec sets its own viewports; running it in the phone project too would only repeat it.
      test.skip(info.project.name !== 'desktop', 'sets its own viewports; runs once, in desktop')
      test.setTimeout(180_000)
      await page.addInitScript((choice) => localStorage.setItem('theme', choice), theme)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(path)
        await waitUntilReady(page)
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
        await scrollThrough(page)
        await page.screenshot({
          path: `test-results/screenshots/matrix-${name}-${width}-${theme}.png`,
          fullPage: true,
        })
        // Soft: one width that overflows should not cost the screenshots of the others.
        expect
          .soft(await hasHorizontalOverflow(page), `${path} overflows sideways at ${width} px (${theme})`)
          .toBe(false)
      }
    })
  }
}
