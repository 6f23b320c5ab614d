import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ActivityListResponse,
  EVENT_NAMES,
  type EventName,
  HOT_MIN_TALK_SECONDS,
  HOT_WITHIN_HOURS,
  STAGE_OF_EVENT,
  type TimelineResponse,
} from '#core/engagement.ts'
import { type ActivityRows, createActivityRows, visitId } from '../testing/activity-rows.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import {
  createRepTestApp,
  importAsCommandLine,
  type RepTestApp,
  type TestSession,
} from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

// Stage and hot as a rep reads them, from rows the ingest and the webhook would write: each case is
// a prospect of its own, read through the API.

let backend: TestBackend
let reps: RepTestApp
let bo: TestSession
let rows: ActivityRows
let made = 0

beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('bo@example.com')
  bo = await reps.signIn('bo@example.com')
  rows = createActivityRows(backend.db, reps.clock.now)
})
afterAll(() => backend.db.close())

/** A new prospect with nothing recorded yet. */
async function newProspect(): Promise<string> {
  made += 1
  const slug = `case-${made}`
  const row = makeProspectRow({ slug, name: `N ${made}`, company_name: `C ${made}` })
  await importAsCommandLine(backend.deps.db, [row])
  return slug
}

async function read(slug: string): Promise<Pick<TimelineResponse, 'stage' | 'hot'>> {
  const res = await reps.request(`/prospects/${slug}/timeline`, { session: bo })
  expect(res.status).toBe(200)
  const { stage, hot } = (await res.json()) as TimelineResponse
  // The list applies the same rule.
  const list = (await (
    await reps.request(`/activity?q=${slug}`, { session: bo })
  ).json()) as ActivityListResponse
  expect(list.prospects.find((row) => row.slug === slug)).toMatchObject({ stage, hot })
  return { stage, hot }
}

const OPENED = { surface: 'site', origin: 'https://example.com' }
const DETAIL: Partial<Record<EventName, Record<string, string | number>>> = {
  page_opened: OPENED,
  demo_call_ended: { seconds: 5 },
  video_call_ended: { seconds: 5 },
  phone_call_requested: { outcome: 'refused' },
}

describe('stage', () => {
  it('is Sent with nothing recorded', async () => {
    expect(await read(await newProspect())).toEqual({ stage: 'sent', hot: false })
  })

  // A page's claim (null) reaches no stage: with nothing else recorded, the prospect stays Sent.
  it.each(EVENT_NAMES.map((name) => [name, STAGE_OF_EVENT[name] ?? 'sent']))(
    '%s reaches %s',
    async (name, stage) => {
      const slug = await newProspect()
      await rows.event(slug, name, { hoursAgo: 200, detail: DETAIL[name] ?? {} })
      expect((await read(slug)).stage).toBe(stage)
    },
  )

  it('counts a call report by its source: a browser call tried the demo, a phone call asked for one', async () => {
    const browser = await newProspect()
    await rows.callReport(browser, { source: 'browser', hoursAgo: 200, seconds: 5 })
    expect((await read(browser)).stage).toBe('tried_demo')
    const phone = await newProspect()
    await rows.callReport(phone, { source: 'phone', hoursAgo: 200, seconds: 5, visit: null })
    expect((await read(phone)).stage).toBe('asked_call')
  })

  it('is the furthest reached, whatever came last', async () => {
    const slug = await newProspect()
    await rows.event(slug, 'meeting_confirmed', { hoursAgo: 300 })
    await rows.event(slug, 'page_opened', { hoursAgo: 200, detail: OPENED })
    expect((await read(slug)).stage).toBe('booked')
  })
})

describe('hot', () => {
  it(`needs the new stage within ${HOT_WITHIN_HOURS} hours: 47 h ago is hot, 49 h ago is not`, async () => {
    for (const [hoursAgo, hot] of [
      [47, true],
      [49, false],
    ] as const) {
      const slug = await newProspect()
      await rows.event(slug, 'video_call_placed', { hoursAgo })
      expect(await read(slug), `${hoursAgo} h`).toEqual({ stage: 'tried_demo', hot })
    }
  })

  it('needs the page opened on 2 visits within the window: 1 visit (opened twice) is not hot', async () => {
    const once = await newProspect()
    await rows.event(once, 'page_opened', { hoursAgo: 10, visit: visitId(1), detail: OPENED })
    await rows.event(once, 'page_opened', { hoursAgo: 5, visit: visitId(1), detail: OPENED })
    expect(await read(once)).toEqual({ stage: 'opened', hot: false })

    const twice = await newProspect()
    await rows.event(twice, 'page_opened', { hoursAgo: 10, visit: visitId(1), detail: OPENED })
    await rows.event(twice, 'page_opened', { hoursAgo: 5, visit: visitId(2), detail: OPENED })
    expect(await read(twice)).toEqual({ stage: 'opened', hot: true })

    // The first visit before the window does not count.
    const late = await newProspect()
    await rows.event(late, 'page_opened', { hoursAgo: 49, visit: visitId(1), detail: OPENED })
    await rows.event(late, 'page_opened', { hoursAgo: 5, visit: visitId(2), detail: OPENED })
    expect(await read(late)).toEqual({ stage: 'opened', hot: false })
  })

  it(`needs ${HOT_MIN_TALK_SECONDS} s of talk within the window once the demo was tried before it: 59 s is not hot, 60 s is`, async () => {
    for (const [seconds, hot] of [
      [59, false],
      [60, true],
    ] as const) {
      const slug = await newProspect()
      await rows.callReport(slug, { source: 'browser', hoursAgo: 100, visit: visitId(1), seconds: 300 })
      // Two calls in the window, the page's and the platform's reports of the same visits.
      await rows.event(slug, 'demo_call_ended', { hoursAgo: 3, visit: visitId(2), detail: { seconds: 30 } })
      await rows.callReport(slug, { source: 'browser', hoursAgo: 3, visit: visitId(2), seconds: 30 })
      await rows.callReport(slug, {
        source: 'browser',
        hoursAgo: 2,
        visit: visitId(3),
        seconds: seconds - 30,
      })
      expect(await read(slug), `${seconds} s`).toEqual({ stage: 'tried_demo', hot })
    }
  })

  it('counts phone calls as talk too, and a further stage reached in the window as new progress', async () => {
    const phone = await newProspect()
    await rows.event(phone, 'phone_call_placed', { hoursAgo: 100 })
    await rows.callReport(phone, { source: 'phone', hoursAgo: 1, visit: null, seconds: 60 })
    expect(await read(phone)).toEqual({ stage: 'asked_call', hot: true })

    const booked = await newProspect()
    await rows.event(booked, 'video_call_placed', { hoursAgo: 100 })
    await rows.event(booked, 'meeting_confirmed', { hoursAgo: 1 })
    expect(await read(booked)).toEqual({ stage: 'booked', hot: true })

    const again = await newProspect()
    await rows.event(again, 'video_call_placed', { hoursAgo: 100 })
    await rows.event(again, 'video_call_placed', { hoursAgo: 1 })
    expect(await read(again)).toEqual({ stage: 'tried_demo', hot: false })
  })
})

describe('upkeep', () => {
  it('follows what retention deletes, and a deleted prospect takes its activity along', async () => {
    const slug = await newProspect()
    await rows.event(slug, 'page_opened', { hoursAgo: 2000, detail: OPENED })
    await rows.event(slug, 'meeting_confirmed', { hoursAgo: 1900 })
    await rows.event(slug, 'page_opened', { hoursAgo: 1, visit: visitId(2), detail: OPENED })
    expect((await read(slug)).stage).toBe('booked')
    await backend.db.query(`delete from public.engagement_events where at < $1`, [
      new Date(reps.clock.now().getTime() - 1000 * 3_600_000).toISOString(),
    ])
    const list = (await (
      await reps.request(`/activity?q=${slug}`, { session: bo })
    ).json()) as ActivityListResponse
    expect(list.prospects[0]).toMatchObject({ slug, stage: 'opened', visits: 1 })

    // Nobody owns it (the command line made it): the rep takes it over, then may delete it.
    const takeOver = await reps.request(`/prospects/${slug}/owner`, {
      method: 'PUT',
      session: bo,
      body: JSON.stringify({ ownerId: bo.rep.id }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(takeOver.status).toBe(200)
    const res = await reps.request(`/prospects/${slug}`, { method: 'DELETE', session: bo })
    expect(res.status).toBe(204)
    // The events go with the prospect, and their triggers find nothing left to sum up.
    expect((await reps.request(`/prospects/${slug}/timeline`, { session: bo })).status).toBe(404)
  })
})
