import { openEmbeddedDatabase } from '../server/src/db/open-embedded-database.ts'
import { test as base, expect } from './rep-fixtures.ts'
import { type RepProduct, startRepProduct } from './rep-product.ts'

/**
 * Rows the event ingest and the voice platform's webhook would have written, put straight into a
 * stopped product's embedded database (startRepProduct's `seed`), for the reps' activity pages.
 */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
const VISIT_A = 'e2e-visit-aaaaaaaaaaaa'
const VISIT_B = 'e2e-visit-bbbbbbbbbbbb'
const SITE = 'https://callpilot.example'
const PARTNER = 'https://partner.example'

/** Bright Smile: two visits and a call within the hour (hot); Harbor: one visit three days ago. */
export async function seedActivity(dataDir: string): Promise<void> {
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

/** The reps' specs' fixtures (rep-fixtures.ts), with the product's database seeded as above. */
export const test = base.extend<Record<never, never>, { repProduct: RepProduct }>({
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

export { expect }
