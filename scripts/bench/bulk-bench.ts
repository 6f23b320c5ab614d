import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type {
  BulkJob,
  BulkJobResponse,
  BulkRequest,
  BulkResponse,
  BulkRestoreResponse,
} from '../../core/rep-api.ts'
import type { Db } from '../../server/src/data/database.ts'
import { startDatabaseThread } from '../../server/src/db/database-thread.ts'
import { openBackend } from '../../server/src/db/open-backend.ts'
import type { WebsiteReaderDeps } from '../../server/src/reps/rep-settings.ts'
import { loadRepositoryTemplates } from '../../server/src/testing/agent-templates.ts'
import { createRepTestApp } from '../../server/src/testing/rep-test-app.ts'
import { TEST_PUBLIC_CONFIG, type TestBackend } from '../../server/src/testing/test-backend.ts'
import { formatColumns } from './report.ts'

/** The requirement: a bulk action on 50,000 prospects works; each is one request, so within a request's time. */
const PROSPECTS = 50_000
const LIMIT_MS = 30_000

/**
 * `npm run bench bulk`: the reps' bulk actions on 50,000 prospects in the embedded database (the
 * product's default, opened as the Node server opens it), through the API as the lists send them: every row matched by the list's filter,
 * an admin acting, then a rep whose rows are only half of them (the other half refused and counted).
 * Prints each request's time; fails if one fails or takes longer than LIMIT_MS.
 */
export async function runBulkBench(): Promise<boolean> {
  // The embedded database as the Node server opens it: migrated, in a thread of its own, so a job's
  // transaction does not hold up the answers while it runs.
  // With --postgres (DATABASE_URL set by the bench's runner), the throwaway PostgreSQL instead.
  const dataDir = await mkdtemp(join(tmpdir(), 'voice-demo-bulk-bench-'))
  const postgresUrl = process.env.DATABASE_URL
  const opened = await openBackend(
    postgresUrl ? { kind: 'postgres', url: postgresUrl, migrate: false } : { kind: 'embedded', dataDir },
    { embedded: { createDatabase: startDatabaseThread, reopenAfterCreating: true } },
  )
  console.log(`Bulk: on ${postgresUrl ? 'PostgreSQL' : 'the embedded database, in its own thread'}`)
  // Every database call timed: where a job spends its time (its chunks of checks, its one writing
  // transaction) and how long a read of the job waits meanwhile.
  const calls: { name: string; start: number; end: number }[] = []
  const db: Db = {
    async query<T>(text: string, params?: unknown[]) {
      const name = /^select public\.(\w+)\(/.exec(text)?.[1] ?? 'other'
      const start = performance.now()
      try {
        return await opened.db.query<T>(text, params)
      } finally {
        calls.push({ name, start, end: performance.now() })
      }
    },
  }
  const backend = {
    db,
    deps: {
      db,
      templates: await loadRepositoryTemplates(),
      publicConfig: TEST_PUBLIC_CONFIG,
      logger: console,
    },
  } as unknown as TestBackend
  const reader: WebsiteReaderDeps = { read: () => Promise.reject(new Error('not read')), perRepHourly: 1 }
  const reps = createRepTestApp(backend, { websiteReader: reader })
  try {
    await reps.addRep('ann@example.com', 'admin')
    const bo = await reps.addRep('bo@example.com')
    const cy = await reps.addRep('cy@example.com')
    const ann = await reps.signIn('ann@example.com')
    const boSession = await reps.signIn('bo@example.com')
    const started = performance.now()
    await backend.deps.db.query(
      `insert into public.prospects (slug, name, company_name, website, owner_id)
       select 'bulk-' || i, 'Owner ' || i, 'Bulkhaven ' || i, 'https://bulk-' || i || '.example',
         case when i % 2 = 0 then $1::uuid else $2::uuid end
       from generate_series(0, ${PROSPECTS - 1}) i`,
      [bo.id, cy.id],
    )
    console.log(
      `Bulk: ${PROSPECTS.toLocaleString('en')} prospects seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    const filter = { list: 'prospects', query: 'q=bulkhaven' } as const
    const rows: string[][] = [['action', 'who', 'time', 'answer']]
    let pass = true
    const run = async (
      label: string,
      who: string,
      send: () => Promise<Response>,
      read: (res: Response) => Promise<string>,
    ) => {
      const t0 = performance.now()
      const res = await send()
      const answer = res.status === 200 ? await read(res) : `${res.status} ${await res.text()}`
      const ms = performance.now() - t0
      if (res.status !== 200 || ms > LIMIT_MS) pass = false
      rows.push([label, who, `${(ms / 1000).toFixed(2)} s`, answer])
    }
    // A large action is answered 202 with its job at once (that answer's time is printed too); the
    // time counted is until the job is done, asked every 50 ms.
    const post =
      (session: typeof ann, body: BulkRequest, who = 'admin') =>
      async () => {
        const t0 = performance.now()
        const res = await reps.request('/bulk-actions', {
          method: 'POST',
          session,
          body: JSON.stringify(body),
        })
        if (res.status !== 202) return res
        let { job } = (await res.json()) as BulkJobResponse
        answered.push(`${body.action}: 202 in ${(performance.now() - t0).toFixed(0)} ms`)
        job = await followJob(job, session, `${body.action} (${who})`)
        return job.result
          ? Response.json({ result: job.result } satisfies BulkResponse)
          : new Response(job.error, { status: 500 })
      }
    const answered: string[] = []
    const phases: string[] = []
    /** Follows a job every 50 ms, then says where it spent its time, from the calls it made. */
    const followJob = async (started: BulkJob, session: typeof ann, label: string) => {
      const from = calls.length
      let job = started
      while (job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 50))
        const asked = performance.now()
        const next = await reps.request(`/bulk-actions/${job.id}`, { session })
        job = ((await next.json()) as BulkJobResponse).job
        // The whole request (the session's check included), as the page waits for it.
        calls.push({ name: 'read job', start: asked, end: performance.now() })
      }
      const mine = calls.slice(from)
      const span = (names: string[]) => {
        const of = mine.filter((call) => names.includes(call.name))
        if (of.length === 0) return null
        return { start: Math.min(...of.map((c) => c.start)), end: Math.max(...of.map((c) => c.end)) }
      }
      // A read of the job counts for a phase when it waited through some of it (on the embedded
      // database's one connection, a read asked just before the write waits for all of it).
      const slowestRead = (
        within: { start: number; end: number } | null,
        before = Number.POSITIVE_INFINITY,
      ) =>
        within === null
          ? 0
          : Math.max(
              0,
              ...mine
                .filter(
                  (c) =>
                    c.name === 'read job' && c.start < within.end && c.end > within.start && c.end <= before,
                )
                .map((c) => c.end - c.start),
            )
      const check = span(['check_bulk_job_chunk'])
      const write = span(['run_bulk_job', 'run_restore_job'])
      const seconds = (s: { start: number; end: number } | null) =>
        s === null ? '–' : `${((s.end - s.start) / 1000).toFixed(1)} s`
      phases.push(
        `${label}: checking ${seconds(check)} (slowest read of the job meanwhile ${slowestRead(check, write?.start).toFixed(0)} ms), ` +
          `writing ${seconds(write)} (slowest read meanwhile ${slowestRead(write).toFixed(0)} ms)`,
      )
      return job
    }
    const counts = async (res: Response) => {
      const { result } = (await res.json()) as BulkResponse
      return `${result.changed.toLocaleString('en')} changed, ${result.refusedCount.toLocaleString('en')} refused`
    }
    await run('export', 'admin', post(ann, { action: 'export', filter }), async (res) => {
      return `${((await res.text()).split('\r\n').length - 2).toLocaleString('en')} rows`
    })
    await run('reassign', 'admin', post(ann, { action: 'reassign', filter, ownerId: bo.id }), counts)
    await run('reassign', 'admin', post(ann, { action: 'reassign', filter, ownerId: cy.id }), counts)
    await run('reread', 'admin', post(ann, { action: 'reread', filter }), counts)
    let batchId: string | null = null
    await run('delete', 'admin', post(ann, { action: 'delete', filter }), async (res) => {
      const { result } = (await res.json()) as BulkResponse
      batchId = result.batchId
      return `${result.changed.toLocaleString('en')} deleted`
    })
    await run(
      'restore',
      'admin',
      async () => {
        const res = await reps.request(`/bulk-actions/deletions/${batchId}/restore`, {
          method: 'POST',
          session: ann,
        })
        if (res.status !== 202) return res
        const { job } = (await res.json()) as BulkJobResponse
        const done = await followJob(job, ann, 'restore (admin)')
        return done.restored ? Response.json(done.restored) : new Response(done.error, { status: 500 })
      },
      async (res) => `${((await res.json()) as BulkRestoreResponse).restored.toLocaleString('en')} back`,
    )
    // Half to Bo again, then Bo deletes "all matching": his half goes, Cy's half is refused row by row.
    await backend.deps.db.query(
      `update public.prospects set owner_id = case when right(slug, 1) ~ '[02468]' then $1::uuid else $2::uuid end
       where slug like 'bulk-%'`,
      [bo.id, cy.id],
    )
    await run('delete', 'rep, half theirs', post(boSession, { action: 'delete', filter }, 'rep'), counts)
    for (const line of formatColumns(rows)) console.log(line)
    console.log(`  jobs answered: ${answered.join('; ')}`)
    for (const line of phases) console.log(`  ${line}`)
    console.log(`  ${pass ? 'PASS' : 'FAIL'} every action answered 200 within ${LIMIT_MS / 1000} s`)
    return pass
  } finally {
    await opened.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
