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
import { FAKE_CALENDLY_TOKEN, startFakeCalendly } from '../testing/fake-calendly.ts'
import { createTestBackend, TEST_VISIT_TOKENS, type TestBackend } from '../testing/test-backend.ts'
import { createBookingCheck } from './booking-check.ts'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())

const opened = (slug: string) => ({
  name: 'page_opened',
  slug,
  surface: 'site',
  origin: 'https://demo.example',
})
const ended = (slug: string, seconds: number) => ({ name: 'demo_call_ended', slug, seconds })
const booked = (slug: string, eventUri = scheduledEventUri()) => ({ name: 'meeting_booked', slug, eventUri })
const MINUTE = 60_000

describe('POST /api/events: only what a visit could have produced', () => {
  let app: Hono
  let now: () => Date
  beforeAll(() => {
    now = clockInOwnMinute()
    app = createEventApp(backend, { now })
  })

  it("stores nothing of events without their prospect's visit token, a forged one or an expired one", async () => {
    const slug = await addTestProspect(backend)
    const other = await addTestProspect(backend)
    const visit = newVisit()
    const ownToken = await TEST_VISIT_TOKENS.issue(slug, new Date(now().getTime() - MINUTE))
    for (const tokens of [
      {},
      { [slug]: await TEST_VISIT_TOKENS.issue(other, new Date(now().getTime() - MINUTE)) },
      { [slug]: `${ownToken.slice(0, -1)}${ownToken.endsWith('0') ? '1' : '0'}` },
      { [slug]: await TEST_VISIT_TOKENS.issue(slug, new Date(now().getTime() - 25 * 60 * MINUTE)) },
    ]) {
      const res = await postEvents(app, { visit, events: [opened(slug)], tokens })
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
    const tokens = await signVisitTokens([{ slug }], now())
    const res = await postEvents(app, { visit, events: [opened(slug), opened(other)], tokens })
    expect(await res.json()).toEqual({ accepted: 1 })
    expect((await readStoredEvents(backend, visit)).map((row) => row.slug)).toEqual([slug])
  })

  it('bounds a call by the time since the page got its token', async () => {
    const slug = await addTestProspect(backend)
    const visit = newVisit()
    // Issued to the minute: five minutes and the clock's 15 seconds into its own minute.
    const tokens = { [slug]: await TEST_VISIT_TOKENS.issue(slug, new Date(now().getTime() - 5 * MINUTE)) }
    await postEvents(app, {
      visit,
      events: [ended(slug, 86400), { name: 'video_call_ended', slug, seconds: 30 }],
      tokens,
    })
    expect((await readStoredEvents(backend, visit)).map((row) => row.detail)).toEqual([
      { seconds: 315 },
      { seconds: 30 },
    ])
  })

  it('stores one open and one booking per visit, and a meeting for one prospect only', async () => {
    const slug = await addTestProspect(backend)
    const other = await addTestProspect(backend)
    const visit = newVisit()
    const meeting = scheduledEventUri()
    await postEvents(app, { visit, events: [opened(slug), opened(slug), booked(slug, meeting)] })
    await postEvents(app, { visit, events: [opened(slug), booked(slug)] })
    await postEvents(app, { visit: newVisit(), events: [booked(other, meeting)] })
    expect((await readStoredEvents(backend, visit)).map((row) => row.name)).toEqual([
      'page_opened',
      'meeting_booked',
    ])
    const { rows } = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from public.engagement_events where detail ->> 'eventUri' = $1`,
      [meeting],
    )
    expect(rows[0]?.n).toBe(1)
  })

  it("takes a booking only at the scheduler's address for its events", async () => {
    const slug = await addTestProspect(backend)
    const visit = newVisit()
    for (const eventUri of [
      'https://evil.example/scheduled_events/ABC',
      'https://api.calendly.com/scheduled_events/../users/me',
      'https://api.calendly.com/event_types/ABC',
    ]) {
      await postEvents(app, { visit, events: [booked(slug, eventUri)] })
    }
    expect(await readStoredEvents(backend, visit)).toEqual([])
  })
})

describe('POST /api/events: a booking confirmed by the scheduler', () => {
  let calendly: Awaited<ReturnType<typeof startFakeCalendly>>
  let app: Hono
  const now = () => new Date()
  beforeAll(async () => {
    calendly = await startFakeCalendly()
    app = createEventApp(backend, {
      checkBooking: createBookingCheck({ apiUrl: calendly.url, apiToken: FAKE_CALENDLY_TOKEN }),
      nudgeDedupeMinutes: 360,
      getProspectLinkPrefix: () => null,
    })
  })
  afterAll(() => calendly.close())

  const readBookedNudges = async (slug: string) =>
    (
      await backend.db.query(
        `select 1 from public.notification_outbox o join public.prospects p on p.id = o.prospect_id
          where p.slug = $1 and o.kind = 'booked'`,
        [slug],
      )
    ).rows.length

  it('counts an active meeting booked during the visit, and nudges the reps once', async () => {
    const slug = await addTestProspect(backend)
    const visit = newVisit()
    const uri = calendly.book('GBGBDCAADAEDCRZ2', { status: 'active', createdAt: now() })
    const res = await postEvents(app, { visit, events: [booked(slug, uri)] })
    expect(await res.json()).toEqual({ accepted: 1 })
    expect(calendly.asked).toContain('/scheduled_events/GBGBDCAADAEDCRZ2')
    expect(await readBookedNudges(slug)).toBe(1)
  })

  it('drops a cancelled meeting, one the account does not hold, and one made before the page was loaded', async () => {
    const slug = await addTestProspect(backend)
    const visit = newVisit()
    const cancelled = calendly.book('CANCELLED-1', { status: 'canceled', createdAt: now() })
    // signVisitTokens dates the page an hour back: a meeting made two hours ago is an old one replayed.
    const old = calendly.book('OLD-1', {
      status: 'active',
      createdAt: new Date(now().getTime() - 120 * MINUTE),
    })
    for (const uri of [cancelled, `${calendly.url}/scheduled_events/NOT-OURS`, old]) {
      expect(
        await (await postEvents(app, { visit: newVisit(), events: [booked(slug, uri)] })).json(),
      ).toEqual({
        accepted: 0,
      })
    }
    expect(await readStoredEvents(backend, visit)).toEqual([])
    expect(await readBookedNudges(slug)).toBe(0)
  })

  it('drops a booking it cannot confirm while the scheduler is down, and tells the operator', async () => {
    const slug = await addTestProspect(backend)
    const uri = calendly.book('WHILE-DOWN', { status: 'active', createdAt: now() })
    calendly.down()
    const before = backend.errors.length
    const res = await postEvents(app, { visit: newVisit(), events: [opened(slug), booked(slug, uri)] })
    expect(await res.json()).toEqual({ accepted: 1 })
    expect(await readBookedNudges(slug)).toBe(0)
    expect(backend.errors.slice(before).flat().join(' ')).toContain(
      '[booking_unconfirmed] the scheduler answered HTTP 503',
    )
  })
})
