import type { Page } from '@playwright/test'
import { createEmbedSnippet } from '#core/embed-snippet.ts'
import { expect, hasHorizontalOverflow, test } from './fixtures.ts'
import { E2E_SALES_TOOLS_SECRET } from './global-setup.ts'

// Chromium grants these to the page's origin, so the spec can read back what Copy wrote.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

const pickBySlug = async (page: Page, slug: string) => {
  await page.getByRole('textbox', { name: 'Prospect slug' }).fill(slug)
  await page.getByRole('button', { name: 'Look up' }).click()
}

const useSalesKey = async (page: Page, key: string) => {
  await page.getByLabel('Sales key').fill(key)
  await page.getByRole('button', { name: 'Use key' }).click()
}

test('a slug shows the live panel for that prospect, and Copy puts the exact snippet on the clipboard', async ({
  page,
  baseURL,
  pageErrors,
}) => {
  await page.goto('/_/snippets')
  await expect(page).toHaveTitle(/^Snippets for sales · /)
  await expect(
    page.getByText("Listing prospects needs the operator's sales key.", { exact: false }),
  ).toBeVisible()
  await pickBySlug(page, 'harbor-realty')
  await expect(page).toHaveURL(/\/_\/snippets\?slug=harbor-realty$/)
  await expect(page.getByText('James Carter')).toBeVisible()

  const preview = page.getByRole('region', { name: 'Live preview' })
  await expect(
    preview.locator('voice-demo').getByRole('heading', { name: 'Built for Harbor Realty Group' }),
  ).toBeVisible()

  const snippet = createEmbedSnippet({ scriptUrl: `${baseURL}/widget.mjs`, slug: 'harbor-realty' })
  await page.getByRole('button', { name: 'Copy snippet' }).click()
  await expect(page.getByText('Copied', { exact: true })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet)
  await page.getByRole('button', { name: 'Copy link' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/harbor-realty`)
  // "Copied" is feedback, not a state: it goes after two seconds.
  await expect(page.getByText('Copied', { exact: true })).toHaveCount(0, { timeout: 10_000 })
  expect(pageErrors).toEqual([])
})

test('an unknown slug in the link says there is no such prospect and offers nothing to copy', async ({
  page,
}) => {
  await page.goto('/_/snippets?slug=harbour-realty')
  await expect(page.getByRole('alert')).toContainText('No prospect has the slug “harbour-realty”')
  await expect(page.getByRole('button', { name: /^Copy/ })).toHaveCount(0)
  await expect(page.locator('voice-demo')).toHaveCount(0)
})

test('with the sales key, "dental" lists Bright Smile Dental; picking it fills the slug (screenshots)', async ({
  page,
}) => {
  await page.goto('/_/snippets')
  await useSalesKey(page, E2E_SALES_TOOLS_SECRET)
  await page.getByRole('searchbox', { name: 'Search prospects' }).fill('dental')
  const result = page.getByRole('button', { name: /^Bright Smile Dental/ })
  await expect(result).toBeVisible()
  await expect(page.getByRole('button', { name: /^Harbor Realty Group/ })).toHaveCount(0)
  await result.click()
  await expect(page.getByRole('textbox', { name: 'Prospect slug' })).toHaveValue('bright-smile-dental')
  await expect(page).toHaveURL(/\?slug=bright-smile-dental$/)
  const demo = page.getByRole('region', { name: 'Live preview' }).locator('voice-demo')
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeVisible()
  // The key is for this tab only, and survives a reload there.
  expect(await page.evaluate(() => sessionStorage.getItem('sales-key'))).toBe(E2E_SALES_TOOLS_SECRET)
  expect(await page.evaluate(() => localStorage.getItem('sales-key'))).toBeNull()

  expect(await hasHorizontalOverflow(page)).toBe(false)
  await page.evaluate(() => localStorage.setItem('theme', 'dark'))
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('button', { name: /^Bright Smile Dental/ })).toBeVisible()
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeVisible()
  expect(await hasHorizontalOverflow(page)).toBe(false)
})

test('a wrong sales key shows the API’s 401 message, and Forget removes the key', async ({ page }) => {
  await page.goto('/_/snippets')
  const [answer] = await Promise.all([
    page.waitForResponse((res) => res.url().includes('/api/sales/prospects')),
    useSalesKey(page, 'not-the-right-sales-key'),
  ])
  expect(answer.status()).toBe(401)
  await expect(page.getByRole('alert')).toHaveText('That sales key is not valid. Ask the operator for it.')
  await page.getByRole('button', { name: 'Forget' }).click()
  await expect(page.getByRole('searchbox')).toHaveCount(0)
  expect(await page.evaluate(() => sessionStorage.getItem('sales-key'))).toBeNull()
})
