import { test as base, expect, type Page } from '@playwright/test'

/**
 * `baseURL` is the product started by global-setup on a free port; `pageErrors` collects uncaught
 * errors so a test can assert that nothing threw into the page.
 */
export const test = base.extend<{ pageErrors: Error[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: run the tests with `npx playwright test`')
    await use(url)
  },
  pageErrors: async ({ page }, use) => {
    const errors: Error[] = []
    page.on('pageerror', (error) => errors.push(error))
    await use(errors)
  },
})

export { expect }

/** Saves a full-page screenshot under test-results/screenshots/ for a person to look at. */
export async function saveScreenshot(page: Page, name: string, project: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${project}-${name}.png`, fullPage: true })
}

/** True when the page scrolls sideways: something is wider than the viewport. */
export const hasHorizontalOverflow = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
