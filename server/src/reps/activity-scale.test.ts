import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ActivityListResponse, TimelineResponse } from '#core/engagement.ts'
import type { ProspectRow } from '../data/database.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import {
  createRepTestApp,
  importAsCommandLine,
  importAsRep,
  type RepTestApp,
  type TestSession,
} from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

// The activity list at 10,000 prospects and ~200,000 events in the embedded database: each page must
// be the right one, counted over all matches. Times are printed, not asserted (a shared machine varies).

const COUNT = 10_000
const EVENTS_EACH = 22
const pad = (n: number) => String(n).padStart(5, '0')
/** Multiplying by a prime permutes 0..9999: the order of latest activity is unlike the slugs'. */
const rank = (i: number) => (i * 7919) % COUNT
/** Every tenth prospect has nothing recorded. */
const isQuiet = (i: number) => i % 10 === 9
const rows: ProspectRow[] = Array.from({ length: COUNT }, (_, i) =>
  makeProspectRow({
    slug: `lead-${pad(i)}`,
    name: `Owner ${pad(i)}`,
    company_name: `Company ${pad((i * 104729) % COUNT)}`,
  }),
)

let backend: TestBackend
let reps: RepTestApp
let bo: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('bo@example.com')
  bo = await reps.signIn('bo@example.com')
  await importAsCommandLine(
    backend.deps.db,
    rows.filter((_, i) => i % 2 === 0),
  )
  await importAsRep(
    backend.deps.db,
    rows.filter((_, i) => i % 2 === 1),
    bo.rep.id,
  )
  // Prospect i's events are a minute apart, its newest rank(i) * 22 minutes ago, on five visits: each
  // visit's page open, a demo call ended every eleventh, a booking for every seventh prospect, demo
  // calls started in between; every fifth also has a phone call's report from before all of them.
  await backend.db.query(
    `insert into public.engagement_events (prospect_id, name, visit_id, detail, at)
     select p.id,
       case when j = ${EVENTS_EACH - 1} and i % 7 = 0 then 'meeting_confirmed'
         when j % 11 = 10 then 'demo_call_ended' when j < 5 then 'page_opened' else 'demo_call_started' end,
       'visit-' || lpad(i::text, 6, '0') || '-' || lpad((j % 5)::text, 4, '0'),
       case when j % 11 = 10 then '{"seconds": 30}'::jsonb
         when j < 5 then '{"surface": "site", "origin": "https://example.com"}'::jsonb else '{}'::jsonb end,
       $1::timestamptz - make_interval(mins => ((i * 7919) % ${COUNT}) * ${EVENTS_EACH} + (${EVENTS_EACH - 1} - j))
     from generate_series(0, ${COUNT - 1}) i
       cross join generate_series(0, ${EVENTS_EACH - 1}) j
       join public.prospects p on p.slug = 'lead-' || lpad(i::text, 5, '0')
     where i % 10 <> 9`,
    [reps.clock.now().toISOString()],
  )
  await backend.db.query(
    `insert into public.call_reports (call_id, prospect_id, source, ended_at, seconds, received_at)
     select 'call-' || i, p.id, 'phone', $1::timestamptz - interval '400 days', 45, $1::timestamptz - interval '400 days'
     from generate_series(0, ${COUNT - 1}) i join public.prospects p on p.slug = 'lead-' || lpad(i::text, 5, '0')
     where i % 5 = 0`,
    [reps.clock.now().toISOString()],
  )
  await backend.db.query('analyze')
}, 300_000)
afterAll(() => backend.db.close())

async function timed(path: string): Promise<Response> {
  const started = performance.now()
  const res = await reps.request(path, { session: bo })
  const body = await res.clone().text()
  console.info(
    `[10,000 prospects, ~200,000 events] GET /api/reps${path}: ${(performance.now() - started).toFixed(1)} ms`,
  )
  expect(res.status, body).toBe(200)
  return res
}
const page = async (query: string) =>
  (await (await timed(`/activity${query}`)).json()) as ActivityListResponse

it('has the events it is measured with', async () => {
  const { rows: counted } = await backend.db.query<{ n: number }>(
    'select count(*)::integer as n from public.engagement_events',
  )
  expect(counted[0]?.n).toBe((COUNT - COUNT / 10) * EVENTS_EACH)
})

it(`answers the right page of ${COUNT.toLocaleString('en-US')} prospects by latest activity, with each filter (times printed)`, async () => {
  const active = rows.map((row, i) => ({ ...row, i })).filter(({ i }) => !isQuiet(i))
  const byLatest = active.sort((a, b) => rank(a.i) - rank(b.i)).map((row) => row.slug)
  const first = await page('')
  expect(first.total).toBe(COUNT + 2) // and the seed's two
  expect(first.prospects.map((row) => row.slug)).toEqual(byLatest.slice(0, 50))
  // lead-00000: five visits, one demo call the page said lasted 30 s (its other slot is the booking;
  // no talk without the platform's report) and a 45 s phone call the platform reported.
  expect(first.prospects[0]).toMatchObject({
    slug: 'lead-00000',
    stage: 'booked',
    visits: 5,
    talkSeconds: 45,
  })

  const middle = await page('?page=117')
  expect(middle.prospects.map((row) => row.slug)).toEqual(byLatest.slice(5800, 5850))

  // Those with nothing come last, by company.
  const quiet = rows
    .filter((_, i) => isQuiet(i))
    .map((row) => ({ slug: row.slug, company: row.company_name.toLowerCase() }))
    .concat([
      { slug: 'bright-smile-dental', company: 'bright smile dental' },
      { slug: 'harbor-realty', company: 'harbor realty' },
    ])
    .sort((a, b) => (a.company < b.company ? -1 : a.company > b.company ? 1 : 0))
  const last = await page('?page=201')
  expect(last.prospects.map((row) => row.slug)).toEqual(quiet.slice(-2).map((row) => row.slug))

  const hot = await page('?hot=1')
  expect(hot.total).toBeGreaterThan(0)
  expect(hot.prospects.every((row) => row.hot)).toBe(true)
  const booked = await page('?stage=booked&owner=me')
  expect(booked.prospects.every((row) => row.stage === 'booked' && row.owner?.id === bo.rep.id)).toBe(true)
  const search = await page('?q=0042')
  expect(search.total).toBeGreaterThan(0)

  const csv = await (await timed('/activity.csv')).text()
  expect(csv.trimEnd().split('\r\n')).toHaveLength(COUNT + 2 + 1)

  const timeline = (await (await timed(`/prospects/${byLatest[0]}/timeline`)).json()) as TimelineResponse
  expect(timeline.entries).toHaveLength(EVENTS_EACH + 1)
}, 300_000)
