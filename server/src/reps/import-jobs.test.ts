import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEdgeBackground } from '../common/background-work.ts'
import type { Db } from '../data/database.ts'
import {
  IMPORT_FAILED_MESSAGE,
  IMPORT_INTERRUPTED_MESSAGE,
  IMPORT_JOB_RETENTION_DAYS,
  IMPORT_JOB_STALE_SECONDS,
} from '../data/import-jobs.ts'
import { holdQuery } from '../testing/held-query.ts'
import {
  createBackgroundRecorder,
  createImportKey,
  postImport,
  readJob,
  waitForJob,
} from '../testing/import-jobs.ts'
import { createRepTestApp, type RepTestOptions } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

const HEADER = 'slug,name,company_name'
/** More rows than one staging call takes, so a job is staged in several. */
const csvOf = (prefix: string, count = 600, last?: string) =>
  [
    HEADER,
    ...Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(3, '0')},Ann ${i},Co ${i}`),
    ...(last ? [`${last},Last,Last Co`] : []),
  ].join('\n')

let backend: TestBackend
let emails = 0
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())

/** The reps' API with these options, and a rep of its own signed in. */
async function signedInApp(options: RepTestOptions = {}) {
  const reps = createRepTestApp(backend, options)
  const email = `rep-${++emails}@example.com`
  await reps.addRep(email)
  return { reps, email, session: await reps.signIn(email) }
}

const prospectExists = async (slug: string) =>
  (await backend.db.query('select 1 from public.prospects where slug = $1', [slug])).rows.length > 0
const countStagedRows = async () =>
  (await backend.db.query<{ n: number }>('select count(*)::int as n from public.import_job_rows')).rows[0]?.n

describe('an import that cannot be written', () => {
  it('fails as a whole when the database refuses a row: the job says so plainly, nothing is written', async () => {
    const { reps, session } = await signedInApp()
    // The last row is refused inside the one transaction that writes them all.
    await backend.db.exec(`
      create function public.test_refuse_row() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$;
      create trigger test_refuse_row before insert on public.prospects
        for each row when (new.slug = 'refused-last') execute function public.test_refuse_row();`)
    const key = createImportKey()
    const csv = csvOf('apply', 600, 'refused-last')
    try {
      const res = await postImport(reps, session, csv, { key })
      expect(res.status).toBe(202)
      const job = await waitForJob(reps, session, (await readJob(res)).id)
      expect(job).toMatchObject({ status: 'failed', total: 601, result: null, error: IMPORT_FAILED_MESSAGE })
      expect(await prospectExists('apply-000')).toBe(false)
      expect(await countStagedRows()).toBe(0)
      expect(backend.errors.map((line) => String(line[0]))).toContainEqual(
        expect.stringContaining('[import] writing an import failed'),
      )
    } finally {
      await backend.db.exec(
        'drop trigger test_refuse_row on public.prospects; drop function public.test_refuse_row()',
      )
    }
    // Nothing of it was written, so the same file with the same key may be tried again.
    const retry = await postImport(reps, session, csv, { key })
    const done = await waitForJob(reps, session, (await readJob(retry)).id)
    expect(done).toMatchObject({ status: 'done', result: { inserted: 601, updated: 0, unchanged: 0 } })
  })

  it('answers a job whose server stopped mid-way as failed ("interrupted"), its staged rows gone', async () => {
    const held = holdStaging(backend.db, 500)
    const background = createBackgroundRecorder()
    const { reps, session } = await signedInApp({ db: held.db, runInBackground: background.runInBackground })
    const key = createImportKey()
    const res = await postImport(reps, session, csvOf('held'), { key })
    const { id } = await readJob(res)
    await held.arrived
    // The first chunk is staged; the second never comes, as when the server dies.
    const running = await readJob(await reps.request(`/imports/${id}`, { session }))
    expect(running).toMatchObject({ status: 'running', done: 500, total: 600 })
    reps.clock.advance(IMPORT_JOB_STALE_SECONDS - 1)
    expect((await readJob(await reps.request(`/imports/${id}`, { session }))).status).toBe('running')
    reps.clock.advance(2)
    const interrupted = await readJob(await reps.request(`/imports/${id}`, { session }))
    expect(interrupted).toMatchObject({ status: 'failed', error: IMPORT_INTERRUPTED_MESSAGE, result: null })
    expect(await countStagedRows()).toBe(0)

    // A writer that comes back late stages nothing more and applies nothing.
    held.release()
    await background.settled()
    expect(await readJob(await reps.request(`/imports/${id}`, { session }))).toMatchObject({
      status: 'failed',
    })
    expect([await prospectExists('held-000'), await countStagedRows()]).toEqual([false, 0])

    // Importing the file again, even with the same key, writes it.
    const again = await readJob(await postImport(reps, session, csvOf('held'), { key }))
    expect(again.id).not.toBe(id)
    await background.settled()
    expect((await waitForJob(reps, session, again.id)).status).toBe('done')
  })

  it('forgets jobs after 7 days: their id answers 404 import_not_found', async () => {
    const { reps, email, session: first } = await signedInApp()
    const old = await readJob(await postImport(reps, first, csvOf('aged', 1)))
    await waitForJob(reps, first, old.id)
    reps.clock.advance(IMPORT_JOB_RETENTION_DAYS * 86_400 + 1)
    // A week is also as long as a session lasts.
    const session = await reps.signIn(email)
    const next = await readJob(await postImport(reps, session, csvOf('fresh', 1)))
    await waitForJob(reps, session, next.id)
    const res = await reps.request(`/imports/${old.id}`, { session })
    expect(res.status).toBe(404)
  })
})

describe('on the edge function', () => {
  it('without EdgeRuntime.waitUntil, writes before answering: the answer is the finished job', async () => {
    const { reps, session } = await signedInApp({ runInBackground: createEdgeBackground({}) })
    const res = await postImport(reps, session, csvOf('inline', 3))
    expect(res.status).toBe(202)
    expect(await readJob(res)).toMatchObject({
      status: 'done',
      done: 3,
      result: { inserted: 3, updated: 0, unchanged: 0 },
    })
  })

  it('with EdgeRuntime.waitUntil, answers at once and hands it the writing', async () => {
    const handed: Promise<unknown>[] = []
    const runtime = { EdgeRuntime: { waitUntil: (promise: Promise<unknown>) => void handed.push(promise) } }
    const { reps, session } = await signedInApp({ runInBackground: createEdgeBackground(runtime) })
    const res = await postImport(reps, session, csvOf('later', 3))
    expect([res.status, handed.length]).toEqual([202, 1])
    await Promise.all(handed)
    const job = await readJob(await reps.request(`/imports/${(await readJob(res)).id}`, { session }))
    expect(job).toMatchObject({ status: 'done', result: { inserted: 3 } })
  })
})

/** The database, but the staging call from row `position` on waits until released. */
function holdStaging(db: Db, position: number) {
  return holdQuery(db, (text, params) => text.includes('stage_import_rows') && params?.[1] === position)
}
