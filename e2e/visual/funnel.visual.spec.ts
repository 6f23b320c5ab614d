import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../activity-seed.ts'
import { hasHorizontalOverflow } from '../fixtures.ts'
import { ADMIN, signInWithApi } from '../rep-product.ts'
import { fixFunnel } from './funnel-answer.ts'
import { parkPointer, shotName, VARIANTS } from './visual-page.ts'

/** The funnel on Activity, charts and then tables, at a phone's and a desktop's width in both themes. */
test.use({ locale: 'en-US', timezoneId: 'UTC' })

/**
 * The section, cut from a picture of the whole page taken from its top: an element's own picture
 * scrolls it under the sticky header.
 */
async function expectSection(page: Page, section: Locator, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  await page.waitForFunction(() => window.scrollY === 0, undefined, { polling: 50 })
  await parkPointer(page)
  const box = await section.boundingBox()
  if (!box) throw new Error('the funnel is not on the page')
  await expect(page).toHaveScreenshot(name, { fullPage: true, clip: box })
}

for (const { theme, width } of VARIANTS) {
  test(`the funnel, ${theme}, ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.addInitScript((choice) => localStorage.setItem('theme', choice), theme)
    await fixFunnel(page)
    await signInWithApi(page.request, ADMIN.email, ADMIN.password)
    await page.goto('/_/activity?owner=all')
    const funnel = page.getByRole('region', { name: 'Funnel' })
    await expect(funnel.getByText('Asked for a call').first()).toBeVisible()
    await page.evaluate(() => document.fonts.ready)
    expect(await hasHorizontalOverflow(page), 'nothing is wider than the screen').toBe(false)
    await expectSection(page, funnel, shotName('funnel-charts', theme, width))
    await funnel.getByRole('button', { name: 'Show as table' }).click()
    await expect(funnel.getByRole('table', { name: 'By rep' })).toBeVisible()
    await expectSection(page, funnel, shotName('funnel-tables', theme, width))
  })
}
