import { afterAll, beforeAll, expect, it } from 'vitest'
import type { RepProspectListResponse } from '#core/rep-api.ts'
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

// The list at 10,000 prospects in the embedded database: each page must be the right one, counted
// over all matches. The time of each answer is printed, not asserted (a shared machine varies).

const COUNT = 10_000
const pad = (n: number) => String(n).padStart(5, '0')
// Names and companies in orders unlike the slugs' (multiplying by a prime permutes 0..9999).
const rows: ProspectRow[] = Array.from({ length: COUNT }, (_, i) =>
  makeProspectRow({
    slug: `lead-${pad(i)}`,
    name: `Owner ${pad((i * 7919) % COUNT)}`,
    company_name: `Company ${pad((i * 104729) % COUNT)}`,
  }),
)
const SEEDED = [
  { slug: 'bright-smile-dental', company: 'bright smile dental' },
  { slug: 'harbor-realty', company: 'harbor realty' },
]

let backend: TestBackend
let reps: RepTestApp
let bo: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('bo@example.com')
  bo = await reps.signIn('bo@example.com')
  // Even rows from the command line (no owner), then the odd ones imported by Bo (Bo's, and newer).
  await importAsCommandLine(
    backend.deps.db,
    rows.filter((_, i) => i % 2 === 0),
  )
  await importAsRep(
    backend.deps.db,
    rows.filter((_, i) => i % 2 === 1),
    bo.rep.id,
  )
}, 120_000)
afterAll(() => backend.db.close())

async function timedPage(query: string): Promise<RepProspectListResponse> {
  const started = performance.now()
  const res = await reps.request(`/prospects${query}`, { session: bo })
  const body = (await res.json()) as RepProspectListResponse
  console.info(
    `[10,000 prospects] GET /api/reps/prospects${query}: ${(performance.now() - started).toFixed(1)} ms`,
  )
  expect(res.status).toBe(200)
  return body
}

const bySlug = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const bo_ = (i: number) => i % 2 === 1

it(`answers the right page of ${COUNT.toLocaleString('en-US')} prospects for each sort, search and owner (times printed)`, async () => {
  const byCompany = [
    ...rows.map((row) => ({ slug: row.slug, company: row.company_name.toLowerCase() })),
    ...SEEDED,
  ].sort((a, b) => bySlug(a.company, b.company) || bySlug(a.slug, b.slug))
  const first = await timedPage('')
  expect(first.total).toBe(COUNT + SEEDED.length)
  expect(first.prospects.map((row) => row.slug)).toEqual(byCompany.slice(0, 50).map((row) => row.slug))

  const middle = await timedPage('?sort=company&page=117')
  expect(middle.prospects.map((row) => row.slug)).toEqual(byCompany.slice(5800, 5850).map((row) => row.slug))

  const slugsDesc = [...rows.map((row) => row.slug), ...SEEDED.map((row) => row.slug)].sort(bySlug).reverse()
  const back = await timedPage('?sort=slug&dir=desc&page=150')
  expect(back.prospects.map((row) => row.slug)).toEqual(slugsDesc.slice(7450, 7500))

  const search = await timedPage('?q=0042&sort=slug')
  const matches = rows.filter((row) => `${row.slug} ${row.name} ${row.company_name}`.includes('0042'))
  expect(search.total).toBe(matches.length)
  expect(search.prospects.map((row) => row.slug)).toEqual(
    matches
      .map((row) => row.slug)
      .sort(bySlug)
      .slice(0, 50),
  )

  const mine = await timedPage('?owner=me&sort=name&page=3')
  const boByName = rows
    .filter((_, i) => bo_(i))
    .sort((a, b) => bySlug(a.name, b.name) || bySlug(a.slug, b.slug))
  expect(mine.total).toBe(COUNT / 2)
  expect(mine.prospects.map((row) => row.slug)).toEqual(boByName.slice(100, 150).map((row) => row.slug))
  expect(mine.prospects.every((row) => row.owner?.email === 'bo@example.com')).toBe(true)

  // Bo's import came last: newest first is Bo's rows, slugs descending.
  const recent = await timedPage('?sort=updated&dir=desc')
  const boSlugsDesc = rows
    .filter((_, i) => bo_(i))
    .map((row) => row.slug)
    .sort(bySlug)
    .reverse()
  expect(recent.prospects.map((row) => row.slug)).toEqual(boSlugsDesc.slice(0, 50))
  expect(recent.prospects[0]?.updated.rep?.email).toBe('bo@example.com')

  // By owner, the unowned last: the last page holds the last two unowned slugs.
  const last = await timedPage('?sort=owner&page=201')
  expect(last.prospects.map((row) => row.slug)).toEqual(['lead-09996', 'lead-09998'])
}, 120_000)
