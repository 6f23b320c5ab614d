import { readFile } from 'node:fs/promises'
import { openEmbeddedDatabase } from '../server/src/db/open-embedded-database.ts'
import { test as base, expect } from './rep-fixtures.ts'
import { ADMIN, createProspectWithApi, signInWithApi, startRepProduct } from './rep-product.ts'

/**
 * What a rep sees of the prospects' engagement: the Activity list and a prospect's Timeline, on a
 * product of this spec's own whose database got, before it started, the rows the event ingest and the
 * voice platform's webhook would have written.
 */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
const VISIT_A = 'e2e-visit-aaaaaaaaaaaa'
const VISIT_B = 'e2e-visit-bbbbbbbbbbbb'
const SITE = 'https://callpilot.example'
const PARTNER = 'https://partner.example'

/** Bright Smile: two visits and a call within the hour (hot); Harbor: one visit three days ago. */
async function seedActivity(dataDir: string): Promise<void> {
  const { db, close } = await openEmbeddedDatabase(dataDir)
  try {
    const event = (slug: string, name: string, visit: string, minutes: number, detail: object) =>
      db.query(
        `insert into public.engagement_events (prospect_id, name, visit_id, detail, at)
         select id, $2, $3, $4::jsonb, $5 from public.prospects where slug = $1`,
        [slug, name, visit, JSON.stringify(detail), minutesAgo(minutes)],
      )
    await event('bright-smile-dental', 'page_opened', VISIT_A, 90, { surface: 'site', origin: SITE })
    await event('bright-smile-dental', 'page_opened', VISIT_B, 30, { surface: 'embed', origin: PARTNER })
    await event('bright-smile-dental', 'demo_call_ended', VISIT_B, 26, { seconds: 75 })
    await event('harbor-realty', 'page_opened', VISIT_A, 3 * 24 * 60, { surface: 'site', origin: SITE })
    const transcript = [
      { speaker: 'agent', text: 'Hi, this is the Bright Smile Dental assistant.' },
      { speaker: 'prospect', text: 'Can you move my cleaning to Friday?' },
    ]
    await db.query(
      `insert into public.call_reports (call_id, prospect_id, visit_id, source, ended_at, seconds,
         ended_reason, summary, transcript, received_at)
       select 'e2e-call-1', id, $1, 'browser', $2, 75, 'customer-ended-call', $3, $4::jsonb, $2
       from public.prospects where slug = 'bright-smile-dental'`,
      [VISIT_B, minutesAgo(25), 'Asked whether the agent can move appointments.', JSON.stringify(transcript)],
    )
  } finally {
    await close()
  }
}

const test = base.extend<Record<never, never>, { repProduct: Awaited<ReturnType<typeof startRepProduct>> }>({
  repProduct: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const product = await startRepProduct('voice-demo-e2e-activity-', { seed: seedActivity })
      await use(product)
      await product.stop()
    },
    { scope: 'worker', timeout: 180_000 },
  ],
})

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
    assistant_id: null,
  })
  await page.goto('/_/activity')
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Activity' }),
  ).toHaveAttribute('aria-current', 'page')
  const table = page.getByRole('table', { name: 'Prospects by latest activity' })
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
  await expect(page).toHaveURL(/\/_\/activity\?hot=1$/)
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
    /^Browser call report · 1:15 · \d+ min ago$/,
    /^Talked to the agent in the browser · 1:15 · \d+ min ago$/,
    /^Opened the page on partner\.example \(partner page\) · \d+ min ago$/,
    /^Opened the page on callpilot\.example \(their page\) · \d+ h ago$/,
  ])
  await expect(timeline.getByText('Can you move my cleaning to Friday?')).toBeHidden()
  await timeline.getByText('Transcript (2 lines)').click()
  await expect(timeline.getByText('Can you move my cleaning to Friday?')).toBeVisible()
  expect(pageErrors).toEqual([])
})
