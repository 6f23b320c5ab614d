import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ActivityListResponse, TimelineResponse } from '#core/engagement.ts'
import type { ErrorBody } from '#core/errors.ts'
import { REP_PAGE_SIZE } from '#core/rep-api.ts'
import { parseCsv } from '../common/csv.ts'
import { createActivityRows, visitId } from '../testing/activity-rows.ts'
import { postImport, readJob, waitForJob } from '../testing/import-jobs.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { ACTIVITY_CSV_COLUMNS } from './activity-csv.ts'

let backend: TestBackend
let reps: RepTestApp
let ann: TestSession
let bo: TestSession

// Ann owns Acme and Zed; Bo owns Mid and "=Evil"; the seed's two are nobody's. Each has a history:
// Zed booked an hour ago (hot), Mid opened twice yesterday (hot), Acme tried the demo 5 days ago,
// "=Evil" opened once 3 days ago; the seed's have nothing.
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('ann@example.com', 'admin')
  await reps.addRep('bo@example.com')
  ann = await reps.signIn('ann@example.com')
  bo = await reps.signIn('bo@example.com')
  for (const [slug, name, company, session] of [
    ['zed-plumbing', 'Zed Young', 'Acme Plumbing', ann],
    ['acme-roofing', 'Amy Stone', 'Zenith Roofing', ann],
    ['mid-dental', 'Max Dent', 'Midtown Dental', bo],
    ['evil-co', '=HYPERLINK("http://x")', 'Evil, "Co"', bo],
  ] as const) {
    const body = { slug, name, company_name: company, first_message: 'Hi', system: 'S', assistant_id: null }
    const res = await reps.request('/prospects', { method: 'POST', session, body: JSON.stringify(body) })
    expect(res.status).toBe(201)
  }
  const rows = createActivityRows(backend.db, reps.clock.now)
  const opened = { surface: 'embed', origin: 'https://partner.example' }
  await rows.event('acme-roofing', 'page_opened', { hoursAgo: 121, detail: opened })
  // The page says 192 s, the voice platform's report 190 s: the report is what counts.
  await rows.event('acme-roofing', 'demo_call_ended', { hoursAgo: 120, detail: { seconds: 192 } })
  await rows.callReport('acme-roofing', { source: 'browser', hoursAgo: 120, seconds: 190 })
  await rows.event('evil-co', 'page_opened', { hoursAgo: 72, detail: opened })
  await rows.event('mid-dental', 'page_opened', { hoursAgo: 30, visit: visitId(1), detail: opened })
  await rows.event('mid-dental', 'page_opened', { hoursAgo: 24, visit: visitId(2), detail: opened })
  await rows.event('zed-plumbing', 'page_opened', { hoursAgo: 3, detail: opened })
  await rows.event('zed-plumbing', 'meeting_confirmed', { hoursAgo: 1 })
})
afterAll(() => backend.db.close())

const list = async (query: string, session = bo) => {
  const res = await reps.request(`/activity${query}`, { session })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as ActivityListResponse
}
const slugs = (page: ActivityListResponse) => page.prospects.map((row) => row.slug)
const hoursAgo = (hours: number) => new Date(reps.clock.now().getTime() - hours * 3_600_000).toISOString()

/** 60 prospects with nothing recorded, imported by Bo (once, whichever test asks first). */
let bulk: Promise<{ slug: string }[]> | undefined
function addBulk(): Promise<{ slug: string }[]> {
  bulk ??= (async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `bulk-${String(i).padStart(2, '0')}`)
    const csv = [
      'slug,name,company_name,first_message,system',
      ...rows.map((slug) => `${slug},Bulk,${slug},Hi,S`),
    ]
    const res = await postImport(reps, bo, csv.join('\n'))
    expect(res.status, await res.clone().text()).toBe(202)
    expect((await waitForJob(reps, bo, (await readJob(res)).id)).status).toBe('done')
    return rows.map((slug) => ({ slug }))
  })()
  return bulk
}

describe('GET activity', () => {
  it('lists every prospect but the fallback by latest activity, those with none last by company', async () => {
    const page = await list('')
    expect(page).toMatchObject({
      total: 6,
      page: 1,
      pageSize: REP_PAGE_SIZE,
      asOf: reps.clock.now().toISOString(),
    })
    expect(slugs(page)).toEqual([
      'zed-plumbing',
      'mid-dental',
      'evil-co',
      'acme-roofing',
      'bright-smile-dental',
      'harbor-realty',
    ])
    expect(page.prospects[0]).toEqual({
      slug: 'zed-plumbing',
      name: 'Zed Young',
      companyName: 'Acme Plumbing',
      owner: { id: ann.rep.id, email: 'ann@example.com' },
      stage: 'booked',
      hot: true,
      latestAt: hoursAgo(1),
      visits: 1,
      talkSeconds: 0,
    })
    expect(page.prospects.find((row) => row.slug === 'acme-roofing')).toMatchObject({
      stage: 'tried_demo',
      hot: false,
      visits: 1,
      // The page's and the platform's report of one call: counted once, the larger.
      talkSeconds: 190,
    })
    expect(page.prospects.find((row) => row.slug === 'harbor-realty')).toMatchObject({
      owner: null,
      stage: 'sent',
      hot: false,
      latestAt: null,
      visits: 0,
      talkSeconds: 0,
    })
  })

  it('filters by owner (me or an id), stage, hot and search, counting all matches', async () => {
    expect(slugs(await list('?owner=me', ann))).toEqual(['zed-plumbing', 'acme-roofing'])
    expect(slugs(await list('?owner=me', bo))).toEqual(['mid-dental', 'evil-co'])
    expect(slugs(await list(`?owner=${bo.rep.id}`, ann))).toEqual(['mid-dental', 'evil-co'])
    expect(slugs(await list('?stage=opened'))).toEqual(['mid-dental', 'evil-co'])
    expect(slugs(await list('?stage=sent'))).toEqual(['bright-smile-dental', 'harbor-realty'])
    expect(slugs(await list('?hot=1'))).toEqual(['zed-plumbing', 'mid-dental'])
    expect(slugs(await list('?hot=1&stage=opened&owner=me'))).toEqual(['mid-dental'])
    const search = await list('?q=ACME')
    expect(slugs(search)).toEqual(['zed-plumbing', 'acme-roofing'])
    expect(search.total).toBe(2)
  })

  it('pages by REP_PAGE_SIZE with the total of all matches, and an empty page past the end', async () => {
    const rows = await addBulk()
    const first = await list('?q=bulk')
    expect(first.total).toBe(60)
    expect(slugs(first)).toEqual(rows.slice(0, 50).map((row) => row.slug))
    const second = await list('?q=bulk&page=2')
    expect(second).toMatchObject({ total: 60, page: 2 })
    expect(slugs(second)).toEqual(rows.slice(50).map((row) => row.slug))
    expect(await list('?q=bulk&page=3')).toMatchObject({ total: 60, page: 3, prospects: [] })
  })

  it('answers 400 naming a filter it cannot read', async () => {
    for (const [query, message] of [
      ['?stage=warm', /^stage must be one of sent, opened, tried_demo, asked_call, booked\.$/],
      ['?hot=yes', /^hot must be 1/],
      ['?owner=bob', /^owner must be/],
      ['?page=0', /^page must be/],
    ] as const) {
      const res = await reps.request(`/activity${query}`, { session: bo })
      expect(res.status, query).toBe(400)
      expect(((await res.json()) as ErrorBody).error.message).toMatch(message)
    }
  })

  it('answers 401 without a session, for the list, the CSV and a timeline', async () => {
    for (const path of ['/activity', '/activity.csv', '/prospects/zed-plumbing/timeline']) {
      const res = await reps.request(path)
      expect(res.status, path).toBe(401)
      expect(((await res.json()) as ErrorBody).error.code).toBe('signed_out')
    }
  })
})

describe('GET activity.csv', () => {
  it('answers every match with the same filters as an attachment, safe to open in a spreadsheet', async () => {
    const res = await reps.request('/activity.csv?owner=me&stage=opened', { session: bo })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/)
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="prospect-activity.csv"')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const records = parseCsv(await res.text()).map((record) => record.fields)
    expect(records).toEqual([
      [...ACTIVITY_CSV_COLUMNS],
      ['mid-dental', 'Max Dent', 'Midtown Dental', 'bo@example.com', 'Opened', 'yes', hoursAgo(24), '2', '0'],
      // A formula is exported as text; the comma and quotes survive the round trip.
      [
        'evil-co',
        `'=HYPERLINK("http://x")`,
        'Evil, "Co"',
        'bo@example.com',
        'Opened',
        'no',
        hoursAgo(72),
        '1',
        '0',
      ],
    ])
  })

  it('holds every match, not one page', async () => {
    await addBulk()
    const res = await reps.request('/activity.csv', { session: bo })
    const records = parseCsv(await res.text())
    const all = await list('')
    expect(records).toHaveLength(all.total + 1)
    expect(all.total).toBeGreaterThan(REP_PAGE_SIZE)
    expect(records[1]?.fields.slice(0, 5)).toEqual([
      'zed-plumbing',
      'Zed Young',
      'Acme Plumbing',
      'ann@example.com',
      'Booked',
    ])
  })
})

describe('GET prospects/:slug/timeline', () => {
  it('answers stage, hot and every event and call report, newest first', async () => {
    const res = await reps.request('/prospects/acme-roofing/timeline', { session: bo })
    expect(res.status).toBe(200)
    expect((await res.json()) as TimelineResponse).toEqual({
      slug: 'acme-roofing',
      stage: 'tried_demo',
      hot: false,
      asOf: reps.clock.now().toISOString(),
      entries: [
        {
          kind: 'call_report',
          at: hoursAgo(120),
          source: 'browser',
          seconds: 190,
          endedReason: null,
          summary: null,
          transcript: [],
        },
        {
          kind: 'event',
          at: hoursAgo(120),
          name: 'demo_call_ended',
          visit: 'visit-00',
          detail: { seconds: 192 },
        },
        {
          kind: 'event',
          at: hoursAgo(121),
          name: 'page_opened',
          visit: 'visit-00',
          detail: { surface: 'embed', origin: 'https://partner.example' },
        },
      ],
      seenOn: [{ origin: 'https://partner.example', lastAt: hoursAgo(121), page: null }],
    } satisfies TimelineResponse)
  })

  it('answers a prospect with nothing yet, and 404 for a slug no prospect has', async () => {
    const none = await reps.request('/prospects/harbor-realty/timeline', { session: bo })
    expect(await none.json()).toMatchObject({
      slug: 'harbor-realty',
      stage: 'sent',
      hot: false,
      entries: [],
      seenOn: [],
    })
    const res = await reps.request('/prospects/nobody-here/timeline', { session: bo })
    expect(res.status).toBe(404)
    expect(((await res.json()) as ErrorBody).error.code).toBe('prospect_not_found')
  })
})
