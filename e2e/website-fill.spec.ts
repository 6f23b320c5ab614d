import type { Locator, Page } from '@playwright/test'
import { test as base, expect, hasHorizontalOverflow } from './fixtures.ts'
import { ADMIN, type RepProduct, signInWithApi, startRepProduct } from './rep-product.ts'

/**
 * "Fill from website" as a rep lives it: a prospect's own site read by the product, its details
 * proposed with where each was found, accepted detail by detail, saved, and shown on the prospect's
 * page; a site that never answers; and an address on a private network, refused before anything
 * connects. The sites are global-setup's fixture sites on loopback (E2E_FIXTURE_SITES), which this
 * spec's own product is allowed to read (WEBSITE_READER_ALLOWED_HOSTS); nothing else is ever reached.
 */

/** The fixture sites' home pages by name (`bright-smile-dental`, `slow-site`, …), from global-setup. */
function readFixtureSites(): Record<string, string> {
  const json = process.env.E2E_FIXTURE_SITES
  if (!json) throw new Error('E2E_FIXTURE_SITES is not set: run the tests with `npx playwright test`')
  return JSON.parse(json) as Record<string, string>
}

function getSiteUrl(name: string): string {
  const url = readFixtureSites()[name]
  if (!url) throw new Error(`No fixture site "${name}" in E2E_FIXTURE_SITES`)
  return url
}

/** A product of this spec's own that may read the fixture sites (and, as any, no private address). */
const test = base.extend<Record<never, never>, { websiteProduct: RepProduct }>({
  websiteProduct: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const hosts = Object.values(readFixtureSites()).map((url) => new URL(url).host)
      const product = await startRepProduct('voice-demo-e2e-website-', {
        env: { WEBSITE_READER_ALLOWED_HOSTS: hosts.join(',') },
      })
      await use(product)
      await product.stop()
    },
    // Two commands and the first start of a database, on a machine that may be busy.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ websiteProduct }, use) => {
    await use(websiteProduct.url)
  },
})

// One product for the spec's tests; each still works alone.
test.describe.configure({ mode: 'default' })

const COMPANY = 'Bright Smile Springfield'

async function openNewProspect(page: Page): Promise<void> {
  await signInWithApi(page.request, ADMIN.email, ADMIN.password)
  await page.goto('/_/prospects/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New prospect' })).toBeVisible()
}

/** The proposal of one field in the panel: its checkbox is named by the field. */
const proposal = (panel: Locator, label: string): Locator =>
  panel
    .getByRole('listitem')
    .filter({ has: panel.page().getByRole('checkbox', { name: label, exact: true }) })

/** An image that loaded: the browser drew it from the bytes our server sent. */
const hasLoaded = (image: Locator): Promise<boolean> =>
  image.evaluate(
    (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
  )

test("a new prospect's details come from its website, checked by the rep, and show on its page", async ({
  page,
  pageErrors,
}) => {
  test.slow() // a site read twice, a save, three pages
  const site = getSiteUrl('bright-smile-dental')
  const host = new URL(site).host
  await openNewProspect(page)
  const fill = page.getByRole('button', { name: 'Fill from website' })
  await expect(fill, 'nothing to read yet').toBeDisabled()
  await page.getByLabel('Company name').fill(COMPANY)
  await page.getByLabel('Contact name').fill('Dr. Maria Alvarez')
  await page.getByLabel('Website').fill(site)
  await fill.click()

  const panel = page.getByRole('region', { name: `Details found on ${host}` })
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('heading', { name: `Details found on ${host}` })).toBeFocused()
  // The name the rep typed differs: shown beside the site's, and kept unless the rep ticks it.
  await expect(panel.getByRole('checkbox', { name: 'Company name', exact: true })).not.toBeChecked()
  await expect(proposal(panel, 'Company name')).toContainText('Bright Smile Dental')
  await expect(proposal(panel, 'Company name')).toContainText(`Now: ${COMPANY}`)
  // Blank details start ticked, each with the kind of source and the page it was read on.
  for (const label of ['Kind of business', 'City', 'Opening hours']) {
    await expect(panel.getByRole('checkbox', { name: label, exact: true }), label).toBeChecked()
  }
  await expect(proposal(panel, 'Kind of business')).toContainText('Dental practice')
  await expect(proposal(panel, 'City')).toContainText('Springfield')
  await expect(proposal(panel, 'City')).toContainText(
    /From (structured data|meta tags|page text|AI summary of the page text) on /,
  )
  const source = proposal(panel, 'City').getByRole('link')
  expect(await source.getAttribute('href')).toMatch(new RegExp(`^http://${host.replace(/\./g, '\\.')}/`))
  await expect(source).toHaveAttribute('target', '_blank')
  await expect(source).toHaveAttribute('rel', 'noreferrer')
  const proposedLogo = proposal(panel, 'Logo').getByRole('img')
  await expect.poll(() => hasLoaded(proposedLogo), 'the logo kept on our side loads').toBe(true)
  // On a phone the panel fits the screen's width.
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await page.setViewportSize({ width: 1280, height: 800 })

  await panel.getByRole('button', { name: 'Use selected' }).click()
  await expect(panel).toHaveCount(0)
  await expect(page.getByText(/^Filled \d+ details from the website\.$/)).toBeVisible()
  await expect(fill).toBeFocused()
  await expect(page.getByLabel('Company name')).toHaveValue(COMPANY)
  await expect(page.getByLabel('Slug')).toHaveValue('bright-smile-springfield')
  await expect(page.getByLabel('City')).toHaveValue('Springfield')
  await expect(page.getByLabel('Kind of business')).toHaveValue('dental')
  const hours = await page.getByLabel('Opening hours').inputValue()
  expect(hours).not.toBe('')
  const phone = await page.getByLabel('Phone number').inputValue()
  expect(phone).toMatch(/217.*555.*0134/)
  const about = await page.getByLabel('About the business').inputValue()
  await expect(page.getByLabel('Brand colour')).toHaveValue(/^#0e7490$/i)
  await expect.poll(() => hasLoaded(page.getByRole('img', { name: `${COMPANY} logo` }))).toBe(true)
  // The preview renders from the form: the filled details are in the agent's words at once.
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview).toContainText('City: Springfield')
  await expect(preview).toContainText(hours)

  await page.getByRole('button', { name: 'Create prospect' }).click()
  await expect(page).toHaveURL(/\/_\/prospects\/bright-smile-springfield$/)
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible()
  await expect.poll(() => hasLoaded(page.getByRole('img', { name: `${COMPANY} logo` }))).toBe(true)
  const facts = page.getByRole('region', { name: 'About this prospect' })
  await expect(facts).toContainText(`Phone number${phone}`)
  await expect(facts).toContainText('City')
  await expect(facts).toContainText(/Brand colour#0e7490/i)
  if (about) await expect(facts).toContainText(`About the business${about}`)

  // Refresh from website: the form reads the site again and shows it beside what is saved.
  await page.getByRole('link', { name: 'Refresh from website' }).click()
  await expect(page).toHaveURL(/\/_\/prospects\/bright-smile-springfield\/edit$/)
  const again = page.getByRole('region', { name: `Details found on ${host}` })
  await expect(again).toBeVisible()
  await expect(proposal(again, 'City')).toContainText('The same as now.')
  await expect(proposal(again, 'Company name')).toContainText(`Now: ${COMPANY}`)
  await expect(again.getByRole('checkbox', { name: 'Company name', exact: true })).not.toBeChecked()
  await again.getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByLabel('Company name')).toHaveValue(COMPANY)
  expect(pageErrors).toEqual([])
})

test('a site that never answers: the rep sees it being read, may cancel, and is told after 8 seconds', async ({
  page,
  pageErrors,
}) => {
  const site = getSiteUrl('slow-site')
  const host = new URL(site).host
  await openNewProspect(page)
  await page.getByLabel('Website').fill(site)
  const fill = page.getByRole('button', { name: 'Fill from website' })
  await fill.click()
  const reading = page.getByText(`Reading ${host}… This can take up to 10 seconds.`)
  await expect(reading).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('Stopped reading the website. Nothing was changed.')).toBeVisible()
  await expect(fill).toBeFocused()

  await fill.click()
  await expect(reading).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText('The site did not answer in 8 seconds', {
    timeout: 15_000,
  })
  await expect(page.getByRole('region', { name: /^Details found on/ })).toHaveCount(0)
  await expect(fill).toBeEnabled()
  expect(pageErrors).toEqual([])
})

test('an address on a private network is refused in words, before anything connects to it', async ({
  page,
  pageErrors,
}) => {
  await openNewProspect(page)
  await page.getByLabel('Company name').fill('Intranet Dental')
  // A literal private address: the server refuses it by its address, without connecting.
  await page.getByLabel('Website').fill('http://10.0.0.1/')
  await page.getByRole('button', { name: 'Fill from website' }).click()
  await expect(page.getByRole('alert')).toHaveText(/^That address is on a private network/)
  await expect(page.getByLabel('Website')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Company name')).toHaveValue('Intranet Dental')
  // Another address: the reason about the one before goes.
  await page.getByLabel('Website').fill('https://intranet-dental.example/')
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(pageErrors).toEqual([])
})
