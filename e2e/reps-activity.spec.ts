import { readFile } from 'node:fs/promises'
import { expect, test } from './activity-seed.ts'
import { ADMIN, createProspectWithApi, signInWithApi } from './rep-product.ts'

/**
 * What a rep sees of the prospects' engagement: the Activity list and a prospect's Timeline, on a
 * product of this spec's own whose database got, before it started, the rows the event ingest and the
 * voice platform's webhook would have written.
 */
test('a rep reads who engaged: the list by latest activity, hot only, the export, then a timeline', async ({
  page,
  pageErrors,
}) => {
  const session = await signInWithApi(page.request, ADMIN.email, ADMIN.password)
  await createProspectWithApi(page.request, session, {
    slug: 'quiet-co',
    name: 'Quinn Lee',
    company_name: 'Quiet Co',
    first_message: 'Hi',
    system: 'You answer for Quiet Co.',
  })
  await page.goto('/_/activity')
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Activity' }),
  ).toHaveAttribute('aria-current', 'page')
  const table = page.getByRole('table', { name: 'Prospects by latest activity' })
  // The list opens on the admin's own prospects; everyone's is one choice away, and the address keeps it.
  await expect(table.getByRole('link')).toHaveText(['Quiet Co'])
  await expect(page.getByRole('button', { name: 'Mine only' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('combobox', { name: 'Owner' }).selectOption({ label: 'All reps' })
  await expect(page).toHaveURL(/\/_\/activity\?owner=all$/)
  await expect(table.getByRole('link')).toHaveText(['Bright Smile Dental', 'Harbor Realty Group', 'Quiet Co'])
  const rows = table.getByRole('row')
  await expect(rows.nth(1)).toContainText('Tried the demo')
  await expect(rows.nth(1)).toContainText('Hot')
  // Seeded before the product started: minutes may have passed since.
  await expect(rows.nth(1)).toContainText(/\d+ min ago/)
  await expect(rows.nth(2)).toContainText('Opened')
  await expect(rows.nth(2)).toContainText('3 days ago')
  await expect(rows.nth(2)).not.toContainText('Hot')
  await expect(rows.nth(3)).toContainText('Sent')
  await expect(rows.nth(3)).toContainText('Nothing yet')
  await expect(page.getByText('Updated just now.')).toBeVisible()

  await page.getByRole('checkbox', { name: 'Hot only' }).check()
  await expect(page).toHaveURL(/\/_\/activity\?owner=all&hot=1$/)
  await expect(table.getByRole('link')).toHaveText(['Bright Smile Dental'])
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('prospect-activity.csv')
  const csv = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n')
  expect(csv[0]).toBe('slug,name,company,owner,stage,hot,latest_at,visits,talk_seconds')
  expect(csv.slice(1)).toEqual([
    expect.stringMatching(
      /^bright-smile-dental,Dr\. Maya Patel,Bright Smile Dental,,Tried the demo,yes,\S+Z,2,75$/,
    ),
  ])

  await table.getByRole('link', { name: 'Bright Smile Dental' }).click()
  const timeline = page.getByRole('region', { name: 'Timeline' })
  await expect(timeline).toContainText('Tried the demo')
  await expect(timeline.locator(':scope > ol > li > p:first-child')).toHaveText([
    /^Browser call report · 1 min 15 s · \d+ min ago$/,
    /^Talked to the agent in the browser · 1 min 15 s · \d+ min ago$/,
    /^Opened the page on partner\.example \(partner page, as the page reported\) · \d+ min ago$/,
    /^Opened the page on callpilot\.example \(their page, as the page reported\) · \d+ h ago$/,
  ])
  await expect(timeline.getByText('Can you move my cleaning to Friday?')).toBeHidden()
  await timeline.getByText('Transcript (2 lines)').click()
  await expect(timeline.getByText('Can you move my cleaning to Friday?')).toBeVisible()
  expect(pageErrors).toEqual([])
})
