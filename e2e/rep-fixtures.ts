import type { Page } from '@playwright/test'
import { E2E_CALENDLY_SIGNING_KEY } from './fakes/engagement-env.ts'
import { test as base, expect } from './fixtures.ts'
import { type RepProduct, startRepProduct } from './rep-product.ts'

/**
 * The fixtures of the reps' specs: `repProduct`, a product of the spec's own with a rep and an admin
 * added by the command line (see rep-product.ts), started once per worker, and `baseURL` pointing at
 * it. A spec that wants one product in all runs its tests in one worker
 * (`test.describe.configure({ mode: 'default' })`); each test still works alone on a fresh product.
 */
export const test = base.extend<Record<never, never>, { repProduct: RepProduct }>({
  repProduct: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      // Bookings arrive by the scheduler's signed webhook; every test's browser is one loopback address.
      const product = await startRepProduct('voice-demo-e2e-reps-', {
        env: {
          CALENDLY_WEBHOOK_SIGNING_KEY: E2E_CALENDLY_SIGNING_KEY,
          ENGAGEMENT_VISITS_PER_IP_HOUR: '100000',
        },
      })
      await use(product)
      await product.stop()
    },
    // Two commands and the first start of a database, on a machine that may be busy.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ repProduct }, use) => {
    await use(repProduct.url)
  },
})

export { expect }

/** Signs in on the sign-in page that is showing, as a rep types it, and waits until it has gone. */
export async function signInOnPage(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/_\/sign-in/)
}
