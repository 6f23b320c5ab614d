import { readFile } from 'node:fs/promises'
import { axeViolations } from './axe-violations.ts'
import { expect, test } from './rep-fixtures.ts'
import { ADMIN, createProspectWithApi, REP_EMAIL, signInWithApi } from './rep-product.ts'

/**
 * Bulk actions as a rep uses them in the browser: tick a page of the prospects list, give it to
 * another rep, export it for a mail merge (the file read back), delete it and undo; and the Activity
 * list at a phone's width, its last column reachable by scrolling its frame. Companies of this spec's
 * own, so the shared product's other prospects never match its search. One product for the file.
 */
test.describe.configure({ mode: 'default' })

const COMPANIES = ['Lanternfish Bakery North', 'Lanternfish Bakery South', 'Lanternfish Bakery West']
const slugOf = (company: string) => company.toLowerCase().replaceAll(' ', '-')

test.beforeAll(async ({ repProduct, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: repProduct.url })
  try {
    const session = await signInWithApi(request, ADMIN.email, ADMIN.password)
    for (const [i, company] of COMPANIES.entries()) {
      await createProspectWithApi(request, session, {
        slug: slugOf(company),
        name: `Baker ${i + 1}`,
        company_name: company,
        website: `https://${slugOf(company)}.example`,
      })
    }
  } finally {
    await request.dispose()
  }
})

test('selects a page, reassigns it, exports it for a mail merge, deletes it and brings it back', async ({
  page,
}) => {
  await signInWithApi(page.request, ADMIN.email, ADMIN.password)
  await page.goto('/_/prospects?owner=all&q=lanternfish')
  const table = page.getByRole('table', { name: 'Prospects' })
  await expect(table.getByRole('link')).toHaveText(COMPANIES)

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
  const bar = page.getByRole('region', { name: 'Selected prospects' })
  await expect(bar).toContainText('3 prospects selected')
  expect(await axeViolations(page)).toEqual([])

  // Reassign to the rep: every row shows its new owner.
  await bar.getByLabel('New owner').selectOption({ label: REP_EMAIL })
  await bar.getByRole('button', { name: 'Reassign' }).click()
  await expect(bar).toContainText('Reassigned 3 prospects.')
  await expect(table.getByRole('row').filter({ hasText: REP_EMAIL })).toHaveCount(3)

  // Export: the file the browser saves, read back.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
  const downloading = page.waitForEvent('download')
  await bar.getByRole('button', { name: 'Export CSV for mail merge' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('prospects-mail-merge.csv')
  const csv = await readFile(await download.path(), 'utf8')
  const origin = new URL(page.url()).origin
  expect(csv.trimEnd().split('\r\n')).toEqual([
    'name,company,link,stage',
    ...COMPANIES.map((company, i) => `Baker ${i + 1},${company},${origin}/${slugOf(company)}?via=email,Sent`),
  ])
  await expect(bar).toContainText('Exported 3 prospects to the CSV file.')

  // Delete, asked first: the rows leave the list for the deleted page.
  await bar.getByRole('button', { name: 'Delete…' }).click()
  await bar.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(bar).toContainText('Deleted 3 prospects.')
  await expect(page.getByText('No prospects match “lanternfish”.')).toBeVisible()
  await page.goto('/_/deleted')
  for (const company of COMPANIES) await expect(page.getByRole('link', { name: company })).toBeVisible()
  // The deleted page brings the batch back together, from any of its rows.
  await page
    .getByRole('button', { name: `Bring back with the others deleted together (${COMPANIES[1]})` })
    .click()
  await expect(page.getByText('Brought back 3 prospects.')).toBeVisible()
  await expect(page.getByRole('link', { name: COMPANIES[0] as string })).toHaveCount(0)
  await page.goto('/_/prospects?owner=all&q=lanternfish')
  await expect(table.getByRole('link')).toHaveText(COMPANIES)
  await expect(table.getByRole('row').filter({ hasText: REP_EMAIL })).toHaveCount(3)
})

test('brings a bulk delete back with Undo', async ({ page }) => {
  const session = await signInWithApi(page.request, ADMIN.email, ADMIN.password)
  await createProspectWithApi(page.request, session, {
    slug: 'lanternfish-bakery-east',
    name: 'Baker 4',
    company_name: 'Lanternfish Bakery East',
  })
  await page.goto('/_/prospects?owner=all&q=lanternfish%20bakery%20east')
  const table = page.getByRole('table', { name: 'Prospects' })
  await expect(table.getByRole('link')).toHaveText(['Lanternfish Bakery East'])
  await page.getByRole('checkbox', { name: 'Select Lanternfish Bakery East (Baker 4)' }).check()
  const bar = page.getByRole('region', { name: 'Selected prospects' })
  await bar.getByRole('button', { name: 'Delete…' }).click()
  await bar.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(bar).toContainText('Deleted 1 prospect.')
  await bar.getByRole('button', { name: 'Undo' }).click()
  await expect(bar).toContainText('Brought back 1 prospect.')
  await expect(table.getByRole('link')).toHaveText(['Lanternfish Bakery East'])
  await page.getByRole('link', { name: 'Lanternfish Bakery East' }).click()
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toContainText(
    'Brought back',
  )
})

test('the Activity list at 390 px: its last column is reachable by scrolling its frame', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInWithApi(page.request, ADMIN.email, ADMIN.password)
  await page.goto('/_/activity?owner=all')
  const frame = page.getByRole('region', { name: 'Prospects by latest activity, scrolls sideways' })
  const table = frame.getByRole('table', { name: 'Prospects by latest activity' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  // The page itself never scrolls sideways; the table's frame does, when the table is wider.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  // Every column's header is inside the frame's scroll range, the last one included.
  const reach = await frame.evaluate((element) => {
    const headers = [...element.querySelectorAll('th')].filter((th) => th.getClientRects().length > 0)
    const last = headers.at(-1) as HTMLElement
    element.scrollLeft = element.scrollWidth
    const box = element.getBoundingClientRect()
    const lastBox = last.getBoundingClientRect()
    return { name: last.textContent, inside: lastBox.right <= box.right + 1 && lastBox.left >= box.left - 1 }
  })
  expect(reach).toEqual({ name: 'Latest activity', inside: true })
  // Visits and talk time are read under the latest activity on a phone.
  await expect(table.getByRole('row').nth(1)).toContainText(/visits? · talked/)
  // A keyboard reaches the frame, and the arrow keys scroll it.
  await frame.focus()
  await expect(frame).toBeFocused()
  // Back at its start, and the page at its top: axe measures a checkbox half scrolled out of the
  // frame, or half under the sticky header (focusing the frame scrolls the page), as a target too small.
  await frame.evaluate((element) => element.scrollTo({ left: 0, behavior: 'instant' }))
  await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBe(0)
  const pageTop = () =>
    page.evaluate(() => {
      const scroller = document.scrollingElement ?? document.documentElement
      scroller.scrollTo({ top: 0, behavior: 'instant' })
      return scroller.scrollTop
    })
  await expect.poll(pageTop).toBe(0)
  expect(await axeViolations(page)).toEqual([])
})
