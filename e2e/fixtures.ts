import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { type PolicyProblem, watchPolicyProblems } from './policy-guard.ts'

function readUrl(name: string): string {
  const url = process.env[name]
  if (!url) throw new Error(`${name} is not set: run the tests with \`npx playwright test\``)
  return url
}

/**
 * `baseURL` is the product started by global-setup on a free port, configured for browser calls
 * against a fake Vapi API; `noVoiceBaseURL` is the same product without voice settings. `pageErrors`
 * collects uncaught errors so a test can assert that nothing threw into the page. `policyProblems`,
 * on in every test, fails it on any CSP violation or policy error on our own pages: the headers must
 * allow everything the site really does.
 */
export const test = base.extend<{
  pageErrors: Error[]
  noVoiceBaseURL: string
  policyProblems: PolicyProblem[]
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(readUrl('E2E_BASE_URL'))
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  noVoiceBaseURL: async ({}, use) => {
    await use(readUrl('E2E_NO_VOICE_BASE_URL'))
  },
  pageErrors: async ({ page }, use) => {
    const errors: Error[] = []
    page.on('pageerror', (error) => errors.push(error))
    await use(errors)
  },
  policyProblems: [
    async ({ context, baseURL, noVoiceBaseURL }, use) => {
      const problems = await watchPolicyProblems(context, [baseURL, noVoiceBaseURL].filter(isString))
      await use(problems)
      expect(problems, 'CSP violations or policy errors on our pages').toEqual([])
    },
    { auto: true },
  ],
})

const isString = (value: string | undefined): value is string => typeof value === 'string'

export { expect }

/** True when the page scrolls sideways: something is wider than the viewport. */
export const hasHorizontalOverflow = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/** Picks a theme the way a visitor would: the select on phones, the radios from 640 px. */
export async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System') {
  if ((page.viewportSize()?.width ?? 0) < 640) {
    await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label })
  } else {
    // The visible icon; the radio inside it is visually hidden.
    await page.getByRole('group', { name: 'Theme' }).getByTitle(label).click()
  }
}

/**
 * Scrolls to the very end of the page until `target` is wholly on screen there: again while the page
 * grows, since sections below the fold render once scrolled to.
 */
export async function scrollToEndShowing(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(async () => {
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
      )
      const box = await target.boundingBox()
      const height = await page.evaluate(() => window.innerHeight)
      return box !== null && box.y >= 0 && box.y + box.height <= height
    })
    .toBe(true)
}
