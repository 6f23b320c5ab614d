import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { createEmbedSnippet } from '#core/embed-snippet.ts'
import { expect, test } from './rep-fixtures.ts'
import { linkOn, REP_EMAIL } from './rep-product.ts'

/**
 * A rep's day in the browser, on a product of this spec's own where an operator first added the rep
 * with `npm run reps -- add`: from the printed link to signing out.
 */
// Chromium grants these to every origin, so the test can read back what Copy wrote.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

const PASSWORD = 'correct horse battery staple'
const SYSTEM = 'You answer the phone for Acme Dental and book check-ups.'

const HEADER = ['slug', 'name', 'company_name', 'template', 'city', 'first_message', 'system']
const LAKESIDE = ['lakeside-physio', 'Lena Ortiz', 'Lakeside Physio', 'medical', 'Lakeside', '', '']
const bakery = (slug: string) => [
  slug,
  'Bo Berg',
  'Bay Bakery',
  '',
  '',
  'Hello, Bay Bakery!',
  'You take orders.',
]
/** The prospect the form made, with a new first message: an update. */
const ACME_AGAIN = [
  'acme-dental',
  'Dana Reyes',
  'Acme Dental',
  'dental',
  'Austin',
  'Acme Dental, good morning!',
  SYSTEM,
]

/** A CSV file as a spreadsheet saves it: a header row, CRLF, a field with a comma in quotes. */
const csvFile = (rows: string[][]) => ({
  name: 'leads.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [HEADER, ...rows].map((row) => row.map((f) => (f.includes(',') ? `"${f}"` : f)).join(',')).join('\r\n'),
  ),
})

async function setPasswordFromLink(page: Page, link: string) {
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible()
  const passwordRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/reps/password')) passwordRequests.push(request.url())
  })
  const newPassword = page.getByLabel('New password', { exact: true })
  await newPassword.fill('too short')
  await expect(page.getByText('9 of at least 12 characters')).toBeVisible()
  await page.getByLabel('Repeat the new password').fill('too short')
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true')
  await expect(newPassword).toHaveAccessibleDescription(/A password needs 12 to 1000 characters\./)
  expect(passwordRequests, 'a password the rule refuses is not sent').toEqual([])

  await newPassword.fill(PASSWORD)
  await page.getByLabel('Repeat the new password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(page).toHaveURL(/\/_\/prospects$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Prospects' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(`${REP_EMAIL}Rep`)
}

async function createProspect(page: Page) {
  await page.getByRole('link', { name: 'New prospect' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New prospect' })).toBeVisible()
  const slug = page.getByLabel('Slug')
  await page.getByLabel('Company name').fill('Acme Dental')
  await expect(slug, 'the slug follows the company').toHaveValue('acme-dental')
  await expect(page.getByText('This link is free.')).toBeVisible()

  await slug.fill('Acme-Dental')
  await expect(slug).toHaveAttribute('aria-invalid', 'true')
  await expect(slug).toHaveAccessibleDescription(
    /Slug must be lowercase letters, digits or dashes, not "Acme-Dental" \(for example "acme-dental"\)/,
  )
  await slug.fill('harbor-realty')
  await expect(slug).toHaveAccessibleDescription(/Another prospect already has this link\./)
  await slug.fill('acme-dental')
  await expect(page.getByText('This link is free.')).toBeVisible()
  await expect(slug).not.toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Contact name').fill('Dana Reyes')
  // The agent from the dental template, its first message rendered in the preview as it is chosen…
  const preview = page.getByRole('region', { name: 'Preview' })
  await page.getByLabel('Kind of business').selectOption({ label: 'Dental practice' })
  await page.getByLabel('City').fill('Austin')
  await expect(preview).toContainText('Thank you for calling Acme Dental, this is Ava')
  await expect(preview).not.toContainText('{{')
  // …then the rep's own words in place of the template's.
  await page.getByText("Write the agent's words yourself").click()
  await page.getByLabel('Own first message (optional)').fill('Acme Dental, how can I help?')
  await page.getByLabel('Own system prompt (optional)').fill(SYSTEM)
  await expect(preview).toContainText('Acme Dental, how can I help?')
  await expect(
    preview.locator('voice-demo').getByRole('heading', { name: 'Built for Acme Dental' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Create prospect' }).click()
  await expect(page).toHaveURL(/\/_\/prospects\/acme-dental$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Dental' })).toBeVisible()
}

async function copyAndOpen(page: Page, origin: string) {
  const link = `${origin}/acme-dental`
  await expect(page.getByRole('region', { name: 'Send to Acme Dental' })).toContainText(link)
  await page.getByRole('button', { name: 'Copy link', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Copied$/ })).toHaveCount(1)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  const snippet = createEmbedSnippet({ scriptUrl: `${origin}/widget.mjs`, slug: 'acme-dental' })
  await page.getByRole('button', { name: 'Copy snippet' }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(snippet)

  await page.locator('summary', { hasText: 'WordPress' }).click()
  await expect(page.getByText(/add a Voice demo block and type the prospect link acme-dental/)).toBeVisible()
  await expect(page.getByText(/WordPress removes the snippet when the post is saved/)).toBeVisible()
  // The plugin to hand over, from the product itself, named by the version it serves.
  await expect(page.getByText(/\(version \d+\.\d+\.\d+\)/)).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download the WordPress plugin' }).click()
  expect((await download).suggestedFilename()).toBe('voice-demo.zip')
  await expect(page.getByRole('region', { name: 'About this prospect' })).toContainText(`Owner${REP_EMAIL}`)

  const opened = page.waitForEvent('popup')
  await page.getByRole('link', { name: 'Open page (opens in a new tab)' }).click()
  const publicPage = await opened
  await expect(publicPage).toHaveURL(link)
  await expect(
    publicPage.getByRole('heading', {
      level: 1,
      name: /^Hey Dana Reyes, here's what I've built for Acme Dental/,
    }),
  ).toBeVisible()
  await publicPage.close()
}

async function importLeads(page: Page, origin: string) {
  await page.getByRole('link', { name: '← All prospects' }).click()
  await page.getByRole('link', { name: 'Import CSV' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Import CSV' })).toBeVisible()
  await page.getByLabel('CSV file').setInputFiles(csvFile([LAKESIDE, bakery('Bay Bakery'), ACME_AGAIN]))
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Nothing was imported: 1 of 3 rows has a problem.')
  const problems = page.getByRole('region', { name: 'Problems' }).getByRole('row')
  await expect(problems).toHaveCount(2)
  await expect(problems.nth(1).getByRole('cell')).toHaveText([
    '3',
    'slug (Slug) must be lowercase letters, digits or dashes, not "Bay Bakery" (for example "bay-bakery")',
  ])
  // All or nothing: the good rows were not written either.
  expect((await page.request.get('/api/reps/prospects/lakeside-physio')).status()).toBe(404)

  await page.getByLabel('CSV file').setInputFiles(csvFile([LAKESIDE, bakery('bay-bakery'), ACME_AGAIN]))
  await expect(page.getByRole('region', { name: 'Problems' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  const summary = page.getByRole('status').filter({ hasText: 'Imported 3 rows.' })
  await expect(summary.getByRole('listitem')).toHaveText(['2 new', '1 updated', '0 unchanged'])

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download the links (CSV)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('leads.links.csv')
  const rows = [
    'slug,url',
    ...['lakeside-physio', 'bay-bakery', 'acme-dental'].map((s) => `${s},${origin}/${s}`),
  ]
  expect(await readFile(await download.path(), 'utf8')).toBe(`${rows.join('\r\n')}\r\n`)
}

async function readHistoryAndDelete(page: Page) {
  await page.getByRole('link', { name: '← All prospects' }).click()
  await page.getByRole('searchbox', { name: 'Search' }).fill('acme')
  await expect(page).toHaveURL(/\/_\/prospects\?q=acme$/)
  await expect(page.getByRole('table', { name: 'Prospects' }).getByRole('link')).toHaveText(['Acme Dental'])
  await page.getByRole('link', { name: 'Acme Dental' }).click()
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(history).toHaveCount(2)
  await expect(history.nth(0)).toContainText('Imported')
  await expect(history.nth(0)).toContainText(`by ${REP_EMAIL}`)
  await expect(history.nth(0)).toContainText('Changed: Own first message')
  await expect(history.nth(1)).toContainText('Created')
  await expect(history.nth(1)).toContainText(`by ${REP_EMAIL}`)

  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await page.getByRole('button', { name: 'Delete prospect' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Acme Dental?' })
  await expect(dialog).toContainText('/acme-dental')
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page).toHaveURL(/\/_\/prospects$/)
  // The list opens on the rep's own prospects: the two imported ones left, not the examples, nor the
  // deleted one. (Other specs on this shared product may give the rep prospects of their own.)
  const table = page.getByRole('table', { name: 'Prospects' })
  for (const company of ['Bay Bakery', 'Lakeside Physio'])
    await expect(table.getByRole('link', { name: company, exact: true })).toBeVisible()
  for (const company of ['Bright Smile Dental', 'Harbor Realty Group', 'Acme Dental'])
    await expect(table.getByRole('link', { name: company, exact: true })).toHaveCount(0)
}

test("a rep's day: the command line's link, a prospect made, shared, imported, deleted, then signed out", async ({
  page,
  baseURL,
  repProduct,
  pageErrors,
}) => {
  test.slow() // one journey through every page
  const origin = baseURL ?? ''
  const link = linkOn(origin, repProduct.repLink)
  await test.step('sets a password from the link the command printed', () => setPasswordFromLink(page, link))
  await test.step('creates a prospect through the form', () => createProspect(page))
  await test.step('copies the link and snippet, opens the public page', () => copyAndOpen(page, origin))
  await test.step('imports a CSV: refused with a bad row, then fixed', () => importLeads(page, origin))
  await test.step('reads the history, deletes the prospect', () => readHistoryAndDelete(page))

  await test.step('signs out, asked first about the unsaved prospect, and the pages ask to sign in again', async () => {
    await page.goto('/_/prospects/new')
    await page.getByLabel('Company name').fill('Unsaved Harbour Kiosk')
    await page.getByRole('button', { name: 'Sign out' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign out and lose your unsaved changes?' })
    await expect(dialog).toContainText('changes you have not saved to Unsaved Harbour Kiosk')
    await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByLabel('Company name')).toHaveValue('Unsaved Harbour Kiosk')
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeFocused()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await dialog.getByRole('button', { name: 'Sign out and discard' }).click()
    await expect(page).toHaveURL(/\/_\/sign-in$/)
    await page.goto('/_/prospects')
    await expect(page).toHaveURL(/\/_\/sign-in\?next=%2F_%2Fprospects$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  })
  await test.step('the link works once', async () => {
    await page.goto(link)
    await page.getByLabel('New password', { exact: true }).fill(`${PASSWORD} again`)
    await page.getByLabel('Repeat the new password').fill(`${PASSWORD} again`)
    await page.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'This link has expired or was already used. Ask an admin for a new one.',
    )
  })
  expect(pageErrors).toEqual([])
})
