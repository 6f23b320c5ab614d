import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { parkPointer, shotName, VARIANTS } from './visual-page.ts'

/**
 * The site's own pages, top to bottom, compared with their baselines: the landing page and a prospect's
 * page, at a phone's and a desktop's width, in the site's light and dark themes. Motion is reduced (the visitor's setting),
 * so every section shows in its final state; the pages are scrolled through first so each section that
 * enters on scroll has entered.
 */

const PAGES = [
  {
    name: 'site-landing',
    path: '/',
    ready: (page: Page) => expect(page.getByRole('link', { name: 'Try Demo Experience' })).toBeVisible(),
    // Calendly is unreachable here (its script is refused below): the card's fallback is the final state.
    settled: (page: Page) => expect(page.getByText('The booking calendar could not load')).toBeVisible(),
  },
  {
    name: 'site-prospect',
    path: '/bright-smile-dental',
    ready: async (page: Page) => {
      const panel = page.locator('voice-demo')
      await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
      await expect(page.getByRole('heading', { name: /^Hey Dr\. Maya Patel/ })).toBeVisible()
    },
    settled: async () => {},
  },
]

/** Scrolls to the bottom a screen at a time and back, waiting at each stop until the scroll has landed. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const step = page.viewportSize()?.height ?? 800
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)
    // The scroll has landed (timer polling: animation frames can pause on a busy machine); what
    // scrolling reveals is waited for by each page's `settled`.
    await page.waitForFunction(
      (top) =>
        Math.abs(window.scrollY - Math.min(top, document.documentElement.scrollHeight - innerHeight)) < 1,
      y,
      { polling: 50 },
    )
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
}

for (const { name, path, ready, settled } of PAGES) {
  for (const { theme, width } of VARIANTS) {
    test(`${name}, ${theme}, ${width} px, top to bottom`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.route('https://assets.calendly.com/**', (route) => route.abort())
      // The footer's year comes from the clock: a fixed day, so the baselines outlive New Year.
      await page.clock.setFixedTime(new Date('2026-03-02T09:00:00Z'))
      // The site's own theme choice, as its toggle stores it (its default is light, whatever the system).
      await page.addInitScript((choice) => localStorage.setItem('theme', choice), theme)
      await page.goto(path)
      await ready(page)
      await page.evaluate(() => document.fonts.ready)
      await scrollThrough(page)
      await settled(page)
      await parkPointer(page)
      await expect(page).toHaveScreenshot(shotName(name, theme, width), { fullPage: true })
    })
  }
}
