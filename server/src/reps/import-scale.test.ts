import { afterAll, beforeAll, expect, it } from 'vitest'
import { formatCsv } from '#core/csv-format.ts'
import { createImportKey, postImport, readJob, waitForJob } from '../testing/import-jobs.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

/**
 * A lead list of the largest size a rep uploads, through the route as the reps' page posts it. A
 * benchmark-sized test: `npm run bench scale` runs it (on both engines), not `npm test`, whose import
 * tests check the same route's rules on small files.
 */
const HEADER = 'slug,name,company_name,first_message,system,assistant_id'

let backend: TestBackend
let reps: RepTestApp
let bo: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend, { siteUrl: 'https://demo.example.com' })
  await reps.addRep('bo@example.com')
  bo = await reps.signIn('bo@example.com')
})
afterAll(() => backend.db.close())

it('imports 45,000 rows (about 28 MB): answered at once, written in the background, its links there to read (times printed)', async () => {
  const count = 45_000
  const rows = Array.from({ length: count }, (_, i) => [
    `bulk-${String(i).padStart(5, '0')}`,
    `Owner ${i}`,
    `Company ${i} LLC`,
    `Hi, this is the assistant of Company ${i}. How can I help you today?`,
    `You are the receptionist of Company ${i}. `.repeat(12),
    '',
  ])
  const csv = formatCsv([HEADER.split(','), ...rows])
  const key = createImportKey()
  const started = performance.now()
  const res = await postImport(reps, bo, csv, { key })
  const answered = performance.now() - started
  expect(res.status).toBe(202)
  const { id } = await readJob(res)
  // Polled ten times a second: often enough to time it, rarely enough not to slow it down. However
  // fast the machine, what the polls see only moves forward.
  const seen: number[] = []
  const job = await waitForJob(reps, bo, id, { intervalMs: 100, onPoll: (polled) => seen.push(polled.done) })
  const done = performance.now() - started
  console.info(
    `[import] ${count.toLocaleString('en-US')} rows (${(csv.length / 1e6).toFixed(1)} MB) through POST /api/reps/imports on ${backend.engine}: ` +
      `answered in ${answered.toFixed(0)} ms, written in ${done.toFixed(0)} ms`,
  )
  expect(seen).toEqual([...seen].sort((a, b) => a - b))
  expect([job.status, job.done, job.total, job.result?.inserted, job.result?.links.length]).toEqual([
    'done',
    count,
    count,
    count,
    count,
  ])
  expect(job.result?.links[count - 1]).toEqual({
    slug: 'bulk-44999',
    url: 'https://demo.example.com/bulk-44999',
  })

  // The links stay there to read, and a retry of the same upload answers them without writing again.
  const read = await reps.request(`/imports/${id}`, { session: bo })
  expect(await readJob(read)).toEqual(job)
  const retry = await postImport(reps, bo, csv, { key })
  expect([retry.status, await readJob(retry)]).toEqual([202, job])
  const { rows: written } = await backend.db.query<{ n: number; audits: number }>(
    `select count(*)::int as n,
            (select count(*)::int from public.prospect_audit a where a.slug like 'bulk-%') as audits
       from public.prospects where slug like 'bulk-%'`,
  )
  expect(written).toEqual([{ n: count, audits: count }])
}, 600_000)
