import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

// The activity totals are added to on every insert of events or call reports, and summed up again
// from the rows after a delete. Both ways must agree: these tests write rows in many inserts, then
// compare the totals with what summing every row up again gives.

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())
beforeEach(async () => {
  await backend.db.exec('delete from public.engagement_events; delete from public.call_reports;')
})

const T0 = Date.parse('2026-12-01T12:00:00Z')
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString()
const visit = (n: number) => `visit-${String(n).padStart(12, '0')}`

async function insertEvents(
  rows: { slug: string; name: string; visit: string; minutes: number; seconds?: number }[],
) {
  await backend.db.query(
    `insert into public.engagement_events (prospect_id, name, visit_id, detail, at)
     select p.id, r.name, r.visit, r.detail, r.at
     from jsonb_to_recordset($1::jsonb) as r(slug text, name text, visit text, detail jsonb, at timestamptz)
       join public.prospects p on p.slug = r.slug
     -- As the ingest stores them: a visit's repeated open or booking is ignored.
     on conflict do nothing`,
    [
      rows.map((row) => ({
        ...row,
        at: at(row.minutes),
        detail: row.seconds === undefined ? {} : { seconds: row.seconds },
      })),
    ],
  )
}

async function insertReport(report: {
  id: string
  slug: string
  source: 'browser' | 'phone'
  visit: string | null
  minutes: number
  seconds: number
}) {
  await backend.db.query(
    `insert into public.call_reports (call_id, prospect_id, visit_id, source, ended_at, seconds, received_at)
     select $1, p.id, $3, $4, $5, $6, $5 from public.prospects p where p.slug = $2`,
    [report.id, report.slug, report.visit, report.source, at(report.minutes), report.seconds],
  )
}

interface Totals {
  slug: string
  latest_at: string
  visits: number
  talk_seconds: number
  firsts: Record<string, string>
}

async function readTotals(): Promise<Totals[]> {
  const { rows } = await backend.db.query<Totals>(
    `select p.slug, ro.latest_at::text, ro.visits, ro.talk_seconds, ro.firsts
       from public.engagement_rollups ro join public.prospects p on p.id = ro.prospect_id order by p.slug`,
  )
  return rows
}

/** The totals as summing every row up again gives them (what a delete does). */
async function sumAgain(): Promise<Totals[]> {
  await backend.db.exec('select public.refresh_engagement_rollups(array(select id from public.prospects))')
  return readTotals()
}

it("counts a visit once however often it opens, and a browser call by the platform's report, not the page's claim", async () => {
  await insertEvents([
    { slug: 'bright-smile-dental', name: 'page_opened', visit: visit(1), minutes: 0 },
    { slug: 'bright-smile-dental', name: 'page_opened', visit: visit(1), minutes: 1 },
  ])
  await insertEvents([
    { slug: 'bright-smile-dental', name: 'page_opened', visit: visit(1), minutes: 2 },
    { slug: 'bright-smile-dental', name: 'demo_call_ended', visit: visit(1), minutes: 3, seconds: 30 },
  ])
  // The platform's report of the call is what counts: 45 s, not the page's 30 s, nor 30 + 45.
  await insertReport({
    id: 'c1',
    slug: 'bright-smile-dental',
    source: 'browser',
    visit: visit(1),
    minutes: 4,
    seconds: 45,
  })
  // A phone call always adds; a report without a visit stands alone and opened nothing.
  await insertReport({
    id: 'c2',
    slug: 'bright-smile-dental',
    source: 'phone',
    visit: null,
    minutes: 5,
    seconds: 60,
  })
  // A page's claim of a call the platform never reported adds nothing.
  await insertEvents([
    { slug: 'bright-smile-dental', name: 'page_opened', visit: visit(2), minutes: 6 },
    { slug: 'bright-smile-dental', name: 'demo_call_ended', visit: visit(2), minutes: 6, seconds: 500 },
  ])

  const totals = await readTotals()
  expect(totals).toEqual([
    {
      slug: 'bright-smile-dental',
      latest_at: '2026-12-01 12:06:00+00',
      visits: 2,
      talk_seconds: 105,
      firsts: {
        page_opened: '2026-12-01T12:00:00+00:00',
        demo_call_ended: '2026-12-01T12:03:00+00:00',
        'call:browser': '2026-12-01T12:04:00+00:00',
        'call:phone': '2026-12-01T12:05:00+00:00',
      },
    },
  ])
  expect(await sumAgain()).toEqual(totals)
})

it('keeps each kind’s first time when a later insert brings an earlier one', async () => {
  await insertEvents([{ slug: 'harbor-realty', name: 'meeting_booked', visit: visit(1), minutes: 10 }])
  await insertEvents([{ slug: 'harbor-realty', name: 'meeting_booked', visit: visit(2), minutes: 5 }])
  const [totals] = await readTotals()
  expect(totals?.firsts).toEqual({ meeting_booked: '2026-12-01T12:05:00+00:00' })
  expect(totals?.latest_at).toBe('2026-12-01 12:10:00+00')
})

it('agrees with summing every row up again after hundreds of mixed inserts', async () => {
  // A fixed pseudo-random sequence (a linear congruential generator, its high bits), so a failure repeats.
  let seed = 42
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return Math.floor(seed / 2 ** 16) % n
  }
  const slugs = ['bright-smile-dental', 'harbor-realty']
  const names = [
    'page_opened',
    'demo_call_started',
    'demo_call_ended',
    'phone_call_requested',
    'meeting_booked',
  ]
  for (let i = 0; i < 120; i++) {
    if (i % 7 === 3) {
      await insertReport({
        id: `call-${i}`,
        slug: slugs[next(2)] as string,
        source: next(3) === 0 ? 'phone' : 'browser',
        visit: next(4) === 0 ? null : visit(next(12)),
        minutes: next(600),
        seconds: next(400),
      })
      continue
    }
    const rows = Array.from({ length: 1 + next(5) }, () => {
      const name = names[next(names.length)] as string
      return {
        slug: slugs[next(2)] as string,
        name,
        visit: visit(next(12)),
        minutes: next(600),
        ...(name === 'demo_call_ended' ? { seconds: next(300) } : {}),
      }
    })
    await insertEvents(rows)
  }
  const totals = await readTotals()
  expect(totals.map((row) => row.slug)).toEqual(['bright-smile-dental', 'harbor-realty'])
  expect(await sumAgain()).toEqual(totals)
})

it('sums up again what is left after old rows are pruned', async () => {
  await insertEvents([
    { slug: 'harbor-realty', name: 'page_opened', visit: visit(1), minutes: -400 * 24 * 60 },
    { slug: 'harbor-realty', name: 'page_opened', visit: visit(2), minutes: 0 },
  ])
  await insertReport({
    id: 'old',
    slug: 'harbor-realty',
    source: 'browser',
    visit: visit(1),
    minutes: -400 * 24 * 60,
    seconds: 90,
  })
  expect((await readTotals())[0]).toMatchObject({ visits: 2, talk_seconds: 90 })
  await backend.db.query('select public.prune_engagement(180, 1000)')
  expect((await readTotals())[0]).toMatchObject({
    visits: 1,
    talk_seconds: 0,
    firsts: { page_opened: '2026-12-01T12:00:00+00:00' },
  })
})
