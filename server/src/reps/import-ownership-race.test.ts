import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RepProspectDetail } from '#core/rep-api.ts'
import { callFunction, DatabaseError, type ProspectRow } from '../data/database.ts'
import type { ImportJobRow } from '../data/import-job-database.ts'
import { beginImportJob, IMPORT_REFUSED_MESSAGE, writeImportJob } from '../data/import-jobs.ts'
import type { SqlQueries } from '../db/sql-database.ts'
import { createImportKey, readJob } from '../testing/import-jobs.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import { createRepTestApp, importAsRep, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

// A rep's import is checked against the ownership rule and then written in one transaction. On
// PostgreSQL another connection can change a prospect in between: another rep creates a slug the
// file has, or an admin gives one of the rep's prospects to someone else. Whatever commits while the
// import is being written, the import never writes over a prospect the rep may no longer change: the
// other change stands, and the import is refused whole, as a file with such a row is.
//
// The order is forced, not hoped for: the other change is made in a transaction the test holds open,
// the import is started, and the test commits only once the import's writing waits for that
// transaction (PostgreSQL's pg_blocking_pids), so the change lands in the middle of the write.

const ROWS = 2_000

let backend: TestBackend
let reps: RepTestApp
let ann: TestSession // admin
let bo: TestSession
let cy: TestSession

/** Bo's own prospects, `bo-0000` to `bo-1999`, each named `{company} {n}`. */
const bosFile = (company: string): ProspectRow[] =>
  Array.from({ length: ROWS }, (_, i) => {
    const n = String(i).padStart(4, '0')
    return makeProspectRow({ slug: `bo-${n}`, name: 'N', company_name: `${company} ${n}` })
  })

const detailOf = async (slug: string) =>
  (await (await reps.request(`/prospects/${slug}`, { session: ann })).json()) as RepProspectDetail

/**
 * Runs `change` in a transaction of its own connection and holds it open; `commit()` ends it. `pid`
 * is that connection's backend, which anything waiting for the change waits for.
 */
async function holdChange(change: (tx: SqlQueries) => Promise<void>) {
  let commit: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    commit = resolve
  })
  let ready: (pid: number) => void = () => {}
  const made = new Promise<number>((resolve) => {
    ready = resolve
  })
  const done = backend.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid')
    await change(tx)
    ready(rows[0]?.pid ?? 0)
    await released
  })
  // A change that fails must fail the test, not leave it waiting.
  const pid = await Promise.race([made, done.then(() => 0)])
  return {
    pid,
    commit: async () => {
      commit()
      await done
    },
  }
}

/** Until some statement of another connection waits for the backend `pid` (a lock it holds). */
async function waitUntilSomeoneWaitsFor(pid: number): Promise<void> {
  for (;;) {
    const { rows } = await backend.db.query<{ waiting: boolean }>(
      'select exists (select from pg_stat_activity a where $1::int = any (pg_blocking_pids(a.pid))) as waiting',
      [pid],
    )
    if (rows[0]?.waiting) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Bo's import of `rows` as a job, begun and then staged and applied; answers the write under way. */
async function startBosImport(rows: ProspectRow[]): Promise<{ id: string; written: Promise<ImportJobRow> }> {
  const start = await beginImportJob(
    backend.deps.db,
    { repId: bo.rep.id, key: createImportKey(), fileHash: 'b'.repeat(64), total: rows.length },
    reps.clock.now(),
  )
  if (start.status !== 'created') throw new Error(`a fresh key begins a job, not: ${start.status}`)
  const written = writeImportJob(backend.deps.db, start.job, rows, { now: reps.clock.now })
  // Its end is read after the other change commits; an early failure then fails the test there.
  written.catch(() => {})
  return { id: start.job.id, written }
}

/** The write's end, whichever it is. */
const settled = (job: { written: Promise<ImportJobRow> }) =>
  job.written.then(
    (answer) => answer,
    (error: unknown) => error,
  )

/** The write ended refused by the ownership rule (RP403), and the job says so to the rep. */
const expectRefused = async (job: { id: string; written: Promise<ImportJobRow> }) => {
  const error = await settled(job)
  expect(error).toBeInstanceOf(DatabaseError)
  expect((error as DatabaseError).code).toBe('RP403')
  const res = await reps.request(`/imports/${job.id}`, { session: bo })
  expect(await readJob(res)).toMatchObject({ status: 'failed', error: IMPORT_REFUSED_MESSAGE })
}

describe.runIf(process.env.TEST_DATABASE === 'postgres')(
  'a rep’s import while a prospect changes hands',
  () => {
    beforeAll(async () => {
      backend = await createTestBackend()
      reps = createRepTestApp(backend)
      await reps.addRep('ann@example.com', 'admin')
      await reps.addRep('bo@example.com')
      await reps.addRep('cy@example.com')
      ann = await reps.signIn('ann@example.com')
      bo = await reps.signIn('bo@example.com')
      cy = await reps.signIn('cy@example.com')
      await importAsRep(backend.deps.db, bosFile('Bo Co'), bo.rep.id)
    })
    afterAll(() => backend?.db.close())

    it('leaves a prospect another rep created during the write to them, and is refused', async () => {
      const cysWords = makeProspectRow({ slug: 'race-new', name: 'Cy', company_name: 'Cy’s own words' })
      const held = await holdChange(async (tx) => {
        const made = await callFunction(tx, 'create_prospect', {
          fields: cysWords,
          rep_id: cy.rep.id,
          owner_id: cy.rep.id,
        })
        expect(made).toEqual({ status: 'created' })
      })
      // The new slug in the middle of Bo's file, which changes every one of Bo's own rows too.
      const rows = bosFile('Bo Co changed')
      rows.splice(ROWS / 2, 0, makeProspectRow({ slug: 'race-new', name: 'Bo', company_name: 'Bo’s words' }))
      const job = await startBosImport(rows)
      await waitUntilSomeoneWaitsFor(held.pid)
      await held.commit()
      await settled(job)

      const created = await detailOf('race-new')
      expect([created.fields.company_name, created.owner]).toEqual(['Cy’s own words', cy.rep])
      // All or nothing: none of Bo's own rows changed either.
      expect((await detailOf('bo-0000')).fields.company_name).toBe('Bo Co 0000')
      await expectRefused(job)
    })

    it('leaves a prospect an admin gave to another rep during the write to them, and is refused', async () => {
      const held = await holdChange(async (tx) => {
        const given = await callFunction(tx, 'update_prospect', {
          slug: 'bo-1000',
          fields: null,
          rep_id: ann.rep.id,
          owner_id: cy.rep.id,
          set_owner: true,
        })
        expect(given).toMatchObject({ status: 'updated', changed: ['owner'] })
      })
      const job = await startBosImport(bosFile('Bo Co again'))
      await waitUntilSomeoneWaitsFor(held.pid)
      await held.commit()
      await settled(job)

      const given = await detailOf('bo-1000')
      expect([given.fields.company_name, given.owner]).toEqual(['Bo Co 1000', cy.rep])
      expect((await detailOf('bo-0000')).fields.company_name).toBe('Bo Co 0000')
      await expectRefused(job)
    })
  },
)
