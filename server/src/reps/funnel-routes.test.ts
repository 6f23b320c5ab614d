import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import type { FunnelResponse } from '#core/rep-api.ts'
import { callFunction } from '../data/database.ts'
import { createActivityRows, visitId } from '../testing/activity-rows.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { ENGAGEMENT_RULES } from './activity-rules.ts'

// The funnel on the embedded database and on PostgreSQL (the node-postgres project runs this file
// too), from facts written as the ingest leaves them. The clock is Monday 2027-01-04 09:00 UTC.
//
// Ann (admin) owns One and Two, Bo owns Three, Four and Five:
// - One (a dental office) opened on partner.example 3 h ago and booked 1 h ago: this week;
// - Two opened on partner.example 100 h ago (last week) and tried the demo 5 h ago (this week);
// - Three opened on other.example 30 h ago and asked for a call 29 h ago: last week;
// - Four was created 2 h ago and did nothing yet: sent this week;
// - Five opened 40 days ago: outside the last 30 days, in the trend's weeks.
// The seed's two prospects have nothing.

let backend: TestBackend
let reps: RepTestApp
let ann: TestSession
let bo: TestSession

beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('ann@example.com', 'admin')
  await reps.addRep('bo@example.com')
  ann = await reps.signIn('ann@example.com')
  bo = await reps.signIn('bo@example.com')
  for (const [slug, session] of [
    ['one', ann],
    ['two', ann],
    ['three', bo],
    ['four', bo],
    ['five', bo],
  ] as const) {
    const body = {
      slug,
      name: `Owner ${slug}`,
      company_name: `Company ${slug}`,
      first_message: 'Hi',
      system: 'S',
    }
    const res = await reps.request('/prospects', { method: 'POST', session, body: JSON.stringify(body) })
    expect(res.status, await res.clone().text()).toBe(201)
  }
  const at = (hours: number) => new Date(reps.clock.now().getTime() - hours * 3_600_000).toISOString()
  // Created long ago (the seed's too, whatever the machine's clock says) but Four, created this week.
  await backend.db.query(`update public.prospects set created_at = $1 where slug <> 'four'`, [at(24 * 90)])
  await backend.db.query(`update public.prospects set created_at = $1 where slug = 'four'`, [at(2)])
  await backend.db.query(`update public.prospects set template = 'dental' where slug = 'one'`)
  const rows = createActivityRows(backend.db, reps.clock.now)
  const partner = { surface: 'embed', origin: 'https://partner.example' }
  await rows.event('one', 'page_opened', { hoursAgo: 3, detail: partner })
  await rows.event('one', 'meeting_confirmed', { hoursAgo: 1 })
  await rows.event('two', 'page_opened', { hoursAgo: 100, detail: partner })
  await rows.callReport('two', { source: 'browser', hoursAgo: 5, seconds: 90 })
  await rows.event('three', 'page_opened', {
    hoursAgo: 30,
    detail: { surface: 'embed', origin: 'https://other.example' },
  })
  await rows.event('three', 'phone_call_placed', { hoursAgo: 29 })
  await rows.event('five', 'page_opened', { hoursAgo: 24 * 40, visit: visitId(5), detail: partner })
})
afterAll(() => backend.db.close())

const funnel = async (query: string, session = bo) => {
  const res = await reps.request(`/activity/funnel${query}`, { session })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as FunnelResponse
}
const byLabel = (groups: FunnelResponse['byRep']) =>
  Object.fromEntries(groups.map((g) => [g.label, g.counts]))

describe('GET activity/funnel', () => {
  it('counts, in the last 30 days, each step with the steps after it, by rep, kind and site', async () => {
    const body = await funnel('')
    expect(body.period).toBe('30-days')
    expect(body.until).toBe('2027-01-04T09:00:00.000Z')
    expect(body.since).toBe('2026-12-05T09:00:00.000Z')
    // sent, opened, tried the demo, asked for a call, booked
    expect(body.total).toEqual([4, 3, 3, 2, 1])
    expect(byLabel(body.byRep)).toEqual({
      'ann@example.com': [2, 2, 2, 1, 1],
      'bo@example.com': [2, 1, 1, 1, 0],
    })
    expect(byLabel(body.byKind)).toEqual({ General: [3, 2, 2, 1, 0], Dental: [1, 1, 1, 1, 1] })
    expect(body.byKind.map((g) => g.key)).toEqual(['general', 'dental'])
    expect(byLabel(body.bySite)).toEqual({
      'partner.example': [2, 2, 2, 1, 1],
      'other.example': [1, 1, 1, 1, 0],
    })
  })

  it('trends by week, Monday to Sunday in UTC, over the 8 weeks ending with the period', async () => {
    const { weeks } = await funnel('')
    expect(weeks.map((w) => w.week)).toEqual([
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
      '2026-12-28',
      '2027-01-04',
    ])
    expect(weeks.map((w) => w.counts)).toEqual([
      [0, 0, 0, 0, 0],
      [1, 1, 0, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
      [2, 2, 1, 1, 0],
      [3, 2, 2, 1, 1],
    ])
  })

  it('reads this week and last week as Monday to Sunday', async () => {
    const thisWeek = await funnel('?period=this-week')
    expect(thisWeek).toMatchObject({ since: '2027-01-04T00:00:00.000Z', total: [3, 2, 2, 1, 1] })
    const lastWeek = await funnel('?period=last-week')
    expect(lastWeek).toMatchObject({
      since: '2026-12-28T00:00:00.000Z',
      until: '2027-01-04T00:00:00.000Z',
      total: [2, 2, 1, 1, 0],
    })
    expect(lastWeek.weeks.at(-1)).toEqual({ week: '2026-12-28', counts: [2, 2, 1, 1, 0] })
  })

  it('scopes as the activity list does: the team for everyone, owner=me for the rep’s own, and the search', async () => {
    expect((await funnel('', bo)).total).toEqual((await funnel('', ann)).total)
    const mine = await funnel('?owner=me', bo)
    expect(mine.total).toEqual([2, 1, 1, 1, 0])
    expect(mine.byRep.map((g) => g.label)).toEqual(['bo@example.com'])
    expect((await funnel('?q=company%20one', bo)).total).toEqual([1, 1, 1, 1, 1])
  })

  it('says nothing happened in a period with no data: zeros and no groups', async () => {
    const nobody = await funnel(`?owner=${(await reps.addRep('cy@example.com')).id}`, ann)
    expect(nobody.total).toEqual([0, 0, 0, 0, 0])
    expect(nobody).toMatchObject({ byRep: [], byKind: [], bySite: [] })
  })

  it('refuses a period it does not offer, naming the ones it does', async () => {
    const res = await reps.request('/activity/funnel?period=year', { session: bo })
    expect(res.status).toBe(400)
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      'period must be one of this-week, last-week, 30-days, custom.',
    )
  })

  it('counts a custom period from its first day to the end of its last, both included', async () => {
    const custom = await funnel('?period=custom&from=2026-12-28&to=2027-01-03')
    const lastWeek = await funnel('?period=last-week')
    expect(custom).toMatchObject({
      period: 'custom',
      since: '2026-12-28T00:00:00.000Z',
      until: '2027-01-04T00:00:00.000Z',
    })
    expect({ ...custom, period: 'last-week' }).toEqual(lastWeek)
    // A single day: Three's open and call were on Sunday 3 January.
    const sunday = await funnel('?period=custom&from=2027-01-03&to=2027-01-03')
    expect(sunday.total).toEqual([1, 1, 1, 1, 0])
  })

  it('ends a custom period that ends today at the clock, not at midnight', async () => {
    const custom = await funnel('?period=custom&from=2027-01-04&to=2027-01-04')
    expect(custom).toMatchObject({ since: '2027-01-04T00:00:00.000Z', until: '2027-01-04T09:00:00.000Z' })
    expect(custom.total).toEqual((await funnel('?period=this-week')).total)
  })

  it('refuses a custom period it cannot count, in the words the page shows', async () => {
    const refusal = async (query: string) => {
      const res = await reps.request(`/activity/funnel?${query}`, { session: bo })
      expect(res.status, query).toBe(400)
      return ((await res.json()) as ErrorBody).error.message
    }
    expect(await refusal('period=custom&from=2027-01-03&to=2027-01-01')).toBe(
      'to: The last day is before the first day.',
    )
    expect(await refusal('period=custom&from=2026-01-01&to=2027-01-02')).toBe(
      'to: The period is 367 days long: choose at most a year (366 days).',
    )
    expect(await refusal('period=custom&from=2027-01-01&to=2027-01-05')).toBe(
      'to: The last day is in the future: choose today or earlier.',
    )
    expect(await refusal('period=custom&from=2026-02-30&to=2027-01-01')).toBe(
      'from: The first day is not a date (write it as YYYY-MM-DD).',
    )
    expect(await refusal('period=custom&from=2027-01-01')).toBe('to: Choose the last day of the period.')
    expect(await refusal('period=last-week&from=2027-01-01&to=2027-01-02')).toBe(
      'from and to go with period=custom only.',
    )
    // A year to the day is the longest allowed: 4 January 2026 to today is 366 days.
    expect((await funnel('?period=custom&from=2026-01-04&to=2027-01-04')).since).toBe(
      '2026-01-04T00:00:00.000Z',
    )
  })
})

// The funnel reads a table of each prospect's stage times that the database keeps from the facts, the
// owners and the kinds of business: these run after the answers above built it.
describe('the stage times behind the funnel', () => {
  it('keep up with facts, owners and kinds of business written after the first answer', async () => {
    await funnel('?period=this-week')
    await createActivityRows(backend.db, reps.clock.now).event('four', 'page_opened', {
      hoursAgo: 1,
      visit: visitId(4),
      detail: { surface: 'page', origin: 'https://other.example' },
    })
    await backend.db.query(
      `update public.prospects set owner_id = (select id from public.reps where email = 'ann@example.com'),
         template = 'dental' where slug = 'four'`,
    )
    const thisWeek = await funnel('?period=this-week')
    expect(thisWeek.total).toEqual([3, 3, 2, 1, 1])
    expect(byLabel(thisWeek.byRep)).toEqual({ 'ann@example.com': [3, 3, 2, 1, 1] })
    expect(byLabel(thisWeek.byKind)).toEqual({ General: [1, 1, 1, 0, 0], Dental: [2, 2, 1, 1, 1] })
  })

  it('are rebuilt when the rules that map facts to stages change', async () => {
    const call = async (rules: typeof ENGAGEMENT_RULES) => {
      const rows = await callFunction(backend.db, 'get_activity_funnel', {
        query: '',
        owner_id: null,
        since: '2026-12-28T00:00:00Z',
        until: '2027-01-04T09:00:00Z',
        weeks: 8,
        rules,
      })
      return rows.filter((row) => row.dim === 'total').map((row) => row.n)
    }
    const before = await call(ENGAGEMENT_RULES)
    // Opening the page counted as trying the demo: every prospect who opened has tried.
    const opensAsTries = {
      ...ENGAGEMENT_RULES,
      stage_of_event: { ...ENGAGEMENT_RULES.stage_of_event, page_opened: 'tried_demo' as const },
    }
    const after = await call(opensAsTries)
    expect(after[2]).toBe(after[1])
    expect(after[2]).toBeGreaterThan(before[2] ?? 0)
    expect(await call(ENGAGEMENT_RULES)).toEqual(before)
  })

  // The site split counts a prospect where it first opened its demo in the period. The database keeps
  // each prospect's first and last open with its stage times and only looks in the events of one that
  // opened both before the period and in it: these check each way, and that the kept opens follow
  // opens added and removed.
  it('split by site from the first open in the period, when the first of all came before it', async () => {
    const rows = createActivityRows(backend.db, reps.clock.now)
    // Two opened last week on partner.example and tried the demo this week: no open this week yet.
    expect(byLabel((await funnel('?period=this-week')).bySite)).toEqual({
      'partner.example': [1, 1, 1, 1, 1],
      'other.example': [1, 1, 0, 0, 0],
    })
    // Now it opens again this week, on two sites: the earlier of the two counts.
    await rows.event('two', 'page_opened', {
      hoursAgo: 2,
      visit: visitId(22),
      detail: { surface: 'embed', origin: 'https://later.example' },
    })
    await rows.event('two', 'page_opened', {
      hoursAgo: 4,
      visit: visitId(21),
      detail: { surface: 'embed', origin: 'https://again.example' },
    })
    const thisWeek = await funnel('?period=this-week')
    expect(byLabel(thisWeek.bySite)).toEqual({
      'partner.example': [1, 1, 1, 1, 1],
      'again.example': [1, 1, 1, 0, 0],
      'other.example': [1, 1, 0, 0, 0],
    })
    // Last week still reads Two's first open of all.
    expect(byLabel((await funnel('?period=last-week')).bySite)).toEqual({
      'partner.example': [1, 1, 0, 0, 0],
      'other.example': [1, 1, 1, 1, 0],
    })
  })

  it('split by site from the opens kept as opens are added before the first and removed', async () => {
    const rows = createActivityRows(backend.db, reps.clock.now)
    // Four opened this week on other.example; an open found from last week comes before it.
    await rows.event('four', 'page_opened', {
      hoursAgo: 30,
      visit: visitId(41),
      detail: { surface: 'page', origin: 'https://early.example' },
    })
    expect(byLabel((await funnel('?period=last-week')).bySite)).toMatchObject({
      'early.example': [1, 1, 0, 0, 0],
    })
    // This week Four was sent and opened again, having opened first last week: sent, on other.example.
    expect(byLabel((await funnel('?period=this-week')).bySite)).toMatchObject({
      'other.example': [1, 0, 0, 0, 0],
    })
    // One's only open is removed: One booked this week, but was seen on no site.
    await backend.db.query(
      `delete from public.engagement_events
       where name = 'page_opened' and prospect_id = (select id from public.prospects where slug = 'one')`,
    )
    const thisWeek = await funnel('?period=this-week')
    expect(thisWeek.total[4]).toBe(1)
    expect(byLabel(thisWeek.bySite)).toEqual({
      'again.example': [1, 1, 1, 0, 0],
      'other.example': [1, 0, 0, 0, 0],
    })
  })
})
