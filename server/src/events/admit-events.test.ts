import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addTestProspect,
  clockInOwnMinute,
  createEventApp,
  newVisit,
  postEvents,
  readStoredEvents,
  scheduledEventUri,
  signVisitTokens,
} from '../testing/event-test-app.ts'
import { createTestBackend, TEST_VISIT_TOKENS, type TestBackend } from '../testing/test-backend.ts'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())

const started = (slug: string) => ({ name: 'demo_call_started', slug })
const ended = (slug: string, seconds: number) => ({ name: 'demo_call_ended', slug, seconds })
const booked = (slug: string, eventUri = scheduledEventUri()) => ({ name: 'meeting_booked', slug, eventUri })
const MINUTE = 60_000

describe('POST /api/events: only what a visit could have produced', () => {
  let app: Hono
  let now: () => Date
  beforeAll(() => {
    now = clockInOwnMinute()
    app = createEventApp(backend, { now, nudgeDedupeMinutes: 360 })
  })

  it('stores nothing of events without the token of their prospect and visit, a forged one or an expired one', async () => {
    const slug = await addTestProspect(backend)
    const other = await addTestProspect(backend)
    const visit = newVisit()
    const minuteAgo = new Date(now().getTime() - MINUTE)
    const ownToken = await TEST_VISIT_TOKENS.issue(slug, visit, minuteAgo)
    for (const tokens of [
      {},
      { [slug]: await TEST_VISIT_TOKENS.issue(other, visit, minuteAgo) },
      // Another visit's token: one visit cannot speak for another.
      { [slug]: await TEST_VISIT_TOKENS.issue(slug, newVisit(), minuteAgo) },
      { [slug]: `${ownToken.slice(0, -1)}${ownToken.endsWith('0') ? '1' : '0'}` },
      { [slug]: await TEST_VISIT_TOKENS.issue(slug, visit, new Date(now().getTime() - 25 * 60 * MINUTE)) },
    ]) {
      const res = await postEvents(app, { visit, events: [started(slug)], tokens })
      expect(res.status).toBe(202)
      expect(await res.json()).toEqual({ accepted: 0 })
    }
    expect(await readStoredEvents(backend, visit)).toEqual([])
    // Nothing counted either: a refused batch costs the prospect's limit nothing.
    const { rows } = await backend.db.query(`select 1 from public.rate_limit_counters where bucket = $1`, [
      `events:prospect:${slug}`,
    ])
    expect(rows).toEqual([])
  })

  it("stores a batch's events whose prospect's token it carries and drops the others", async () => {
    const slug = await addTestProspect(backend)
    const other = await addTestProspect(backend)
    const visit = newVisit()
    const tokens = await signVisitTokens([{ slug }], visit, now())
    const res = await postEvents(app, { visit, events: [started(slug), started(other)], tokens })
    expect(await res.json()).toEqual({ accepted: 1 })
    expect((await readStoredEvents(backend, visit)).map((row) => row.slug)).toEqual([slug])
  })

  it('bounds a call by the time since the visit began', async () => {
    const slug = await addTestProspect(backend)
    const visit = newVisit()
    const tokens = {
      [slug]: await TEST_VISIT_TOKENS.issue(slug, visit, new Date(now().getTime() - 5 * MINUTE)),
    }
    await postEvents(app, {
      visit,
      events: [ended(slug, 86400), { name: 'video_call_ended', slug, seconds: 30 }],
      tokens,
    })
    expect((await readStoredEvents(backend, visit)).map((row) => row.detail)).toEqual([
      { seconds: 300 },
      { seconds: 30 },
    ])
  })

  it("keeps a page's booking as its word: once per visit, a meeting for one prospect only, no stage and no nudge", async () => {
    const slug = await addTestProspect(backend)
    const other = await addTestProspect(backend)
    const visit = newVisit()
    const meeting = scheduledEventUri()
    await postEvents(app, { visit, events: [booked(slug, meeting), booked(slug)] })
    await postEvents(app, { visit, events: [booked(slug)] })
    await postEvents(app, { visit: newVisit(), events: [booked(other, meeting)] })
    expect((await readStoredEvents(backend, visit)).map((row) => row.name)).toEqual(['meeting_booked'])
    const { rows } = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from public.engagement_events where detail ->> 'eventUri' = $1`,
      [meeting],
    )
    expect(rows[0]?.n).toBe(1)
    const nudges = await backend.db.query(
      `select 1 from public.notification_outbox o join public.prospects p on p.id = o.prospect_id
        where p.slug = any($1)`,
      [[slug, other]],
    )
    expect(nudges.rows).toEqual([])
    const stages = await backend.db.query<{ firsts: Record<string, string> }>(
      `select r.firsts from public.engagement_rollups r join public.prospects p on p.id = r.prospect_id
        where p.slug = $1`,
      [slug],
    )
    // Stored, so the Timeline shows it; reaching nothing, so the prospect is still Sent.
    expect(Object.keys(stages.rows[0]?.firsts ?? {})).toEqual(['meeting_booked'])
  })

  it('refuses the names only the server writes: opens, placed calls and confirmed meetings', async () => {
    const slug = await addTestProspect(backend)
    for (const event of [
      { name: 'page_opened', slug, surface: 'site', origin: 'https://demo.example' },
      { name: 'phone_call_placed', slug },
      { name: 'phone_call_requested', slug, outcome: 'placed' },
      { name: 'meeting_confirmed', slug },
    ]) {
      const res = await postEvents(app, { visit: newVisit(), events: [event] })
      expect(res.status, event.name).toBe(400)
    }
  })
})
