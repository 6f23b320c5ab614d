import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listActivity } from './reps/activity-store.ts'
import { createEventApp, newVisit, postEvents, scheduledEventUri } from './testing/event-test-app.ts'
import { createTestBackend, type TestBackend } from './testing/test-backend.ts'

/**
 * The reps' stages, "hot" and nudges come only from what a real visit could have produced. The slugs
 * are public (they are in every link), so a client that never loaded a page can post the events it
 * likes: this is what one such batch did to an example prospect before visit tokens, re-run.
 */
let backend: TestBackend
let app: Hono
beforeAll(async () => {
  backend = await createTestBackend()
  app = createEventApp(backend, {
    nudgeDedupeMinutes: 360,
    getProspectLinkPrefix: () => 'https://demo.example/_/prospects/',
  })
})
afterAll(() => backend.db.close())

const SLUG = 'harbor-realty'

/** Two visits, each: opened the page, talked for a day, booked. */
const forgedVisit = () => ({
  visit: newVisit(),
  events: [
    { name: 'page_opened', slug: SLUG, surface: 'site', origin: 'https://demo.example' },
    { name: 'demo_call_started', slug: SLUG },
    { name: 'demo_call_ended', slug: SLUG, seconds: 86400 },
    { name: 'meeting_booked', slug: SLUG, eventUri: scheduledEventUri() },
  ],
})

async function readState() {
  const { prospects } = await listActivity(
    backend.db,
    { query: SLUG, ownerId: null, stage: null, hotOnly: false },
    { offset: 0, limit: null },
    new Date(),
  )
  const row = prospects.find((prospect) => prospect.slug === SLUG)
  const { rows } = await backend.db.query<{ nudges: number; events: number }>(
    `select (select count(*)::int from public.notification_outbox o where o.prospect_id = p.id) as nudges,
            (select count(*)::int from public.engagement_events e where e.prospect_id = p.id) as events
       from public.prospects p where p.slug = $1`,
    [SLUG],
  )
  return { stage: row?.stage, hot: row?.hot, visits: row?.visits, talkSeconds: row?.talkSeconds, ...rows[0] }
}

describe("a prospect's engagement, posted by a client that never loaded the page", () => {
  it('moves nothing and queues no nudge: no stage, no hot, no visit, no talk', async () => {
    const before = await readState()
    expect(before).toMatchObject({ stage: 'sent', hot: false, visits: 0, talkSeconds: 0, nudges: 0 })
    for (const forged of [forgedVisit(), forgedVisit()]) {
      // Without a token, and with one made up in the token's own form.
      for (const tokens of [{}, { [SLUG]: 'zz0000.0123456789abcdef0123456789abcdef' }]) {
        const res = await postEvents(app, { ...forged, tokens })
        expect(res.status).toBe(202)
        expect(await res.json()).toEqual({ accepted: 0 })
      }
    }
    expect(await readState()).toEqual(before)
  })

  it("while a page's own visit moves the prospect on, its talk counted from the voice platform's report alone", async () => {
    // The same events with the token the page was given: stored (so the refusal above is the token's).
    const res = await postEvents(app, forgedVisit())
    expect(await res.json()).toEqual({ accepted: 4 })
    expect(await readState()).toMatchObject({ stage: 'booked', visits: 1, talkSeconds: 0, nudges: 2 })
  })
})
