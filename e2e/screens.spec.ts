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

/** Waits until every animation that ends by itself has ended (looping ones are left running). */
const settleAnimations = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )

/**
 * Scrolls to the bottom a screen at a time and back, letting each section that enters on scroll (by an
 * observer) finish its entrance, so the page is measured in the state a reader sees.
 */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const step = page.viewportSize()?.height ?? 800
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)
    // An observer's callback runs after the next frame: wait for it, then for what it started.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await settleAnimations(page)
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  await settleAnimations(page)
}

for (const { name, path, waitUntilReady } of PAGES) {
  for (const theme of THEMES) {
    test(`${name} at 390, 768 and 1280 px in the ${theme} theme fits the width, top to bottom`, async ({
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
        // Soft: one width that overflows should not hide the result of the others.
        expect
          .soft(await hasHorizontalOverflow(page), `${path} overflows sideways at ${width} px (${theme})`)
          .toBe(false)
      }
    })
  }
}
