import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { z } from 'zod'
import { formatCsv } from '#core/csv-format.ts'
import { type ActivitySummary, STAGE_LABELS } from '#core/engagement.ts'
import { AppError } from '#core/errors.ts'
import { describeRefusal } from '#core/ownership.ts'
import { getProspectPageUrl } from '#core/prospect.ts'
import {
  BULK_ACTIONS,
  BULK_EXPORT_COLUMNS,
  BULK_EXPORT_FILE,
  BULK_INLINE_MAX,
  BULK_MAX_ROWS,
  type BulkJob,
  type BulkJobResponse,
  type BulkRefusal,
  type BulkRequest,
  type BulkResponse,
  type BulkRestoreResponse,
  type BulkResult,
  REP_API_PATH,
  type Rep,
} from '#core/rep-api.ts'
import { neutralizeFormula } from '#core/spreadsheet-text.ts'
import type { RunInBackground } from '../common/background-work.ts'
import { limitBody } from '../common/limit-body.ts'
import { readJsonBody } from '../common/read-json-body.ts'
import type { BulkDone, BulkRefusedRow, BulkTables } from '../data/bulk-database.ts'
import { callFunction, type Db } from '../data/database.ts'
import { readActivityFilter } from './activity-query.ts'
import { type ActivityFilter, listActivity } from './activity-store.ts'
import { invalid } from './prospect-list.ts'
import type { RepEnv } from './rep-guards.ts'
import type { WebsiteReaderDeps } from './rep-settings.ts'

type BulkJobRow = BulkTables['bulk_jobs']['Row']

/** BULK_MAX_ROWS slugs of at most 64 characters, quoted, with room. */
const MAX_BODY_BYTES = 8 * 1024 * 1024
/** The refused rows answered by name; the count says how many more there were. */
const MAX_REFUSED_LISTED = 200
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const OWNER_UNKNOWN = 'The new owner must be an enabled rep.'
/**
 * A job still running this long after it started was left by a server that stopped: its transaction
 * rolled back, so nothing changed. The slowest measured (50,000 deleted) took under 20 s.
 */
const STALE_JOB_MS = 10 * 60_000
/**
 * Rows per check of a job: the rule for 1,000 rows took 22–45 ms on the embedded database and about
 * 11 ms on PostgreSQL (scripts/bench/bulk-phases.ts), so a read of the job waits at most that long
 * while the rows are checked, and 50,000 rows are 50 steps of the page's progress.
 */
export const BULK_CHECK_CHUNK_ROWS = 1000
const INTERRUPTED = 'The action was interrupted before it finished, so nothing was changed. Try it again.'
const FAILED = 'The action could not be finished, so nothing was changed. Try it again in a moment.'

const BODY = z
  .object({
    action: z.enum(BULK_ACTIONS),
    slugs: z.array(z.string().min(1).max(64)).max(BULK_MAX_ROWS).optional(),
    filter: z
      .object({ list: z.enum(['prospects', 'activity']), query: z.string().max(1000) })
      .strict()
      .optional(),
    ownerId: z.string().regex(UUID).nullable().optional(),
  })
  .strict()

export interface BulkRouteDeps {
  db: Db
  /** `SITE_URL`, the exported links' base; null: the request's origin. */
  siteUrl: string | null
  now: () => Date
  websiteReader: WebsiteReaderDeps | undefined
  runInBackground: RunInBackground
  logger: { error: (...args: unknown[]) => void }
}

/**
 * The bulk actions of the prospects and Activity lists (core/rep-api.ts, "Bulk actions"). Each is one
 * request and, for the actions that write, one database call, so one transaction: every row the rep
 * may change changes, or (on any failure) none does.
 *
 * Rows the ownership rule refuses are skipped and listed, not a reason to write nothing. Of the two
 * readings of "refused per row, all or nothing", this one asks the rep one question instead of two:
 * a rep who ticks 5,000 rows, 12 of them a colleague's, means the 4,988 they may change; refusing the
 * whole batch would send them hunting for the 12, and a confirm-the-rest step would ask the database
 * twice about rows that can change in between. What was refused, and why, is in the answer the page shows.
 */
export function bulkRoutes(deps: BulkRouteDeps): Hono<RepEnv> {
  const linkBase = (requestUrl: string) => deps.siteUrl ?? new URL(requestUrl).origin
  return new Hono<RepEnv>()
    .post('/bulk-actions', limitBody(MAX_BODY_BYTES), async (c) => {
      const request = readBulkRequest(await c.req.text())
      const rep = c.get('rep')
      const at = deps.now()
      if (request.action === 'export') {
        const rows = await exportRows(deps.db, request, rep, at)
        return c.body(formatBulkExport(rows, linkBase(c.req.url)), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${BULK_EXPORT_FILE}"`,
        })
      }
      if (request.action === 'reread' && !deps.websiteReader) throw new AppError('website_reader_off')
      if (request.action === 'reassign' && request.ownerId) await checkOwner(deps.db, request.ownerId)
      const slugs = await resolveSlugs(deps.db, request, rep, at)
      const batchId = request.action === 'delete' ? randomUUID() : null
      const args = {
        action: request.action,
        slugs,
        rep_id: rep.id,
        owner_id: request.ownerId ?? null,
        batch_id: batchId,
        at: at.toISOString(),
        max_refused: MAX_REFUSED_LISTED,
      }
      const afterwards = (data: BulkDone) => {
        if (request.action === 'reread' && data.changed > 0) deps.websiteReader?.onQueued?.()
      }
      if (slugs.length <= BULK_INLINE_MAX) {
        const data = await callFunction(deps.db, 'bulk_change_prospects', args)
        if (data.status === 'owner_unknown')
          throw new AppError('prospect_invalid', { message: OWNER_UNKNOWN })
        afterwards(data)
        return c.json({
          result: toResult(request.action, slugs.length, data, batchId),
        } satisfies BulkResponse)
      }
      // Thousands: answered at once, the change made in the background in one transaction.
      const { rows } = await deps.db.query<BulkJobRow>(
        `insert into public.bulk_jobs (rep_id, action, total, created_at, updated_at)
         values ($1, $2, $3, $4, $4) returning *`,
        [rep.id, request.action, slugs.length, at.toISOString()],
      )
      const job = rows[0] as BulkJobRow
      await deps.runInBackground(async () => {
        try {
          // First the rows are checked in chunks, each a short transaction that moves the job's
          // counts on (what the page shows, and on the embedded database's one connection a read
          // of the job gets in between); a job no longer running (answered as interrupted) stops.
          for (let from = 0; from < slugs.length; from += BULK_CHECK_CHUNK_ROWS) {
            const checked = await callFunction(deps.db, 'check_bulk_job_chunk', {
              job_id: job.id,
              action: args.action,
              slugs: slugs.slice(from, from + BULK_CHECK_CHUNK_ROWS),
              rep_id: rep.id,
              owner_id: request.ownerId ?? null,
              at: deps.now().toISOString(),
            })
            if (checked.status === 'gone') return
          }
          // Said before the write begins: its own transaction is seen by no one until it ends.
          await deps.db.query(
            `update public.bulk_jobs set phase = 'writing', writing_at = $2, updated_at = $2
             where id = $1 and status = 'running'`,
            [job.id, deps.now().toISOString()],
          )
          const data = await callFunction(deps.db, 'run_bulk_job', { job_id: job.id, ...args })
          if (data.status === 'done') afterwards(data)
          else await failJob(deps.db, job.id, OWNER_UNKNOWN, deps.now())
        } catch (error) {
          deps.logger.error('[bulk] a bulk action failed; nothing was changed:', error)
          await failJob(deps.db, job.id, FAILED, deps.now()).catch(() => {})
        }
      })
      c.header('Location', `${REP_API_PATH}/bulk-actions/${job.id}`)
      // The job as it was made, not read again: on the embedded database (one connection) a read
      // would wait behind the job's own transaction, and the answer with it.
      return c.json({ job: toJob(job) } satisfies BulkJobResponse, 202)
    })
    .get('/bulk-actions/:id', async (c) => {
      const id = c.req.param('id')
      const job = UUID.test(id) ? await readJob(deps.db, id, c.get('rep').id, deps.now()) : null
      if (!job) throw new AppError('prospect_not_found', { message: 'There is no such bulk action.' })
      return c.json({ job } satisfies BulkJobResponse)
    })
    .post('/bulk-actions/deletions/:id/restore', async (c) => {
      const id = c.req.param('id')
      const rep = c.get('rep')
      const at = deps.now()
      const batch = UUID.test(id) ? await readBatch(deps.db, id, rep.id) : null
      if (!batch) throw new AppError('prospect_not_found')
      if (!batch.allowed) {
        throw new AppError('forbidden', {
          message: 'Only the rep who deleted these prospects, or an admin, can bring them back.',
        })
      }
      if (batch.deleted <= BULK_INLINE_MAX) {
        const data = await callFunction(deps.db, 'restore_prospect_batch', {
          batch_id: id,
          rep_id: rep.id,
          at: at.toISOString(),
        })
        if (data.status !== 'restored') throw new AppError('prospect_not_found')
        return c.json(toRestored(data) satisfies BulkRestoreResponse)
      }
      // Thousands, each with what it did: answered at once, brought back in the background in one
      // transaction (about a minute for 50,000 with their activity), the page following the job.
      const { rows } = await deps.db.query<BulkJobRow>(
        `insert into public.bulk_jobs (rep_id, action, total, phase, writing_at, created_at, updated_at)
         values ($1, 'restore', $2, 'writing', $3, $3, $3) returning *`,
        [rep.id, batch.deleted, at.toISOString()],
      )
      const job = rows[0] as BulkJobRow
      await deps.runInBackground(async () => {
        try {
          const data = await callFunction(deps.db, 'run_restore_job', {
            job_id: job.id,
            batch_id: id,
            rep_id: rep.id,
            at: deps.now().toISOString(),
          })
          if (data.status !== 'restored') await failJob(deps.db, job.id, FAILED, deps.now())
        } catch (error) {
          deps.logger.error('[bulk] bringing a batch back failed; nothing was changed:', error)
          await failJob(deps.db, job.id, FAILED, deps.now()).catch(() => {})
        }
      })
      c.header('Location', `${REP_API_PATH}/bulk-actions/${job.id}`)
      return c.json({ job: toJob(job) } satisfies BulkJobResponse, 202)
    })
}

/**
 * A bulk delete's batch as a restore needs it first: how many of its prospects are still deleted,
 * and whether `repId` may bring it back (the rep who deleted it, or an admin, as
 * restore_prospect_batch itself decides again); null for no such batch.
 */
async function readBatch(
  db: Db,
  batchId: string,
  repId: string,
): Promise<{ deleted: number; allowed: boolean } | null> {
  const { rows } = await db.query<{ total: number; deleted: number; allowed: boolean }>(
    `select count(*)::integer as total,
       count(*) filter (where not exists (select from public.prospects p where p.id = a.prospect_id))::integer
         as deleted,
       coalesce(bool_and(a.rep_id = $2), false)
         or public.prospect_change_refusal($2, '', null, false, null) is null as allowed
     from public.prospect_audit a where a.batch_id = $1 and a.action = 'delete'`,
    [batchId, repId],
  )
  const row = rows[0]
  if (!row || Number(row.total) === 0) return null
  return { deleted: Number(row.deleted), allowed: row.allowed }
}

function toRestored(data: { restored: number; already: number; slug_taken: string[] }): BulkRestoreResponse {
  return { restored: data.restored, already: data.already, slugTaken: data.slug_taken }
}

async function checkOwner(db: Db, ownerId: string): Promise<void> {
  const { rows } = await db.query('select 1 from public.reps where id = $1 and disabled_at is null', [
    ownerId,
  ])
  if (rows.length === 0) throw new AppError('prospect_invalid', { message: OWNER_UNKNOWN })
}

function toResult(
  action: BulkResult['action'],
  total: number,
  data: BulkDone,
  batchId: string | null,
): BulkResult {
  return {
    action,
    total,
    changed: data.changed,
    unchanged: data.unchanged,
    missing: data.missing,
    refusedCount: data.refused_count,
    refused: data.refused.map(toRefusal),
    batchId: action === 'delete' && data.changed > 0 ? batchId : null,
  }
}

async function failJob(db: Db, id: string, error: string, at: Date): Promise<void> {
  await db.query(
    `update public.bulk_jobs set status = 'failed', error = $2, updated_at = $3 where id = $1 and status = 'running'`,
    [id, error, at.toISOString()],
  )
}

/** The rep's own job (another rep's is none), a stale one answered as failed; old ones are let go. */
async function readJob(db: Db, id: string, repId: string, now: Date): Promise<BulkJob | null> {
  await db.query(`delete from public.bulk_jobs where created_at < $1`, [
    new Date(now.getTime() - 7 * 24 * 3_600_000).toISOString(),
  ])
  const { rows } = await db.query<BulkJobRow>(
    'select * from public.bulk_jobs where id = $1 and rep_id = $2',
    [id, repId],
  )
  const row = rows[0]
  if (!row) return null
  if (row.status === 'running' && now.getTime() - new Date(row.created_at).getTime() > STALE_JOB_MS) {
    await failJob(db, id, INTERRUPTED, now)
    return toJob({ ...row, status: 'failed', error: INTERRUPTED })
  }
  return toJob(row)
}

function toJob(row: BulkJobRow): BulkJob {
  return {
    id: row.id,
    status: row.status,
    action: row.action,
    total: row.total,
    phase: row.phase,
    checked: row.checked,
    refused: row.refused,
    writingSince: row.writing_at && new Date(row.writing_at).toISOString(),
    result:
      row.result && row.action !== 'restore' && 'changed' in row.result
        ? toResult(row.action, row.total, row.result, row.result.batch_id)
        : null,
    restored:
      row.result && row.action === 'restore' && 'restored' in row.result ? toRestored(row.result) : null,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

function readBulkRequest(text: string): BulkRequest & { action: BulkRequest['action'] } {
  const body = readJsonBody(text, BODY)
  if ((body.slugs === undefined) === (body.filter === undefined)) {
    invalid('Name either the prospects (slugs) or the list’s filter (filter), not both.')
  }
  if (body.action !== 'reassign' && body.ownerId !== undefined) invalid('ownerId goes with reassign only.')
  if (body.action === 'reassign' && body.ownerId === undefined) invalid('Choose the new owner (ownerId).')
  return body as BulkRequest
}

/**
 * The filter of the list the rep is on, read as that list reads its address: the prospects list's
 * `q` and `owner`, the Activity list's also `stage` and `hot`. Both match prospects by the same rule
 * (list_prospect_activity and list_rep_prospects: search in slug, name and company; the owner), so
 * one reading serves both and the rows are those the list shows, in its order.
 */
function readFilter(request: BulkRequest, rep: Rep): ActivityFilter {
  const filter = request.filter
  const params = new URLSearchParams(filter?.query ?? '')
  const read = readActivityFilter(params, rep)
  return filter?.list === 'activity' ? read : { ...read, stage: null, hotOnly: false }
}

async function matchingRows(db: Db, request: BulkRequest, rep: Rep, at: Date): Promise<ActivitySummary[]> {
  const { prospects } = await listActivity(db, readFilter(request, rep), { offset: 0, limit: null }, at)
  if (prospects.length > BULK_MAX_ROWS) tooMany()
  return prospects
}

/** The slugs a writing action names: those ticked, or those the filter matches now. */
async function resolveSlugs(db: Db, request: BulkRequest, rep: Rep, at: Date): Promise<string[]> {
  if (request.slugs) return [...new Set(request.slugs)]
  return (await matchingRows(db, request, rep, at)).map((row) => row.slug)
}

/** The export's rows: those the filter matches, or the ticked ones, in the list's order. */
async function exportRows(db: Db, request: BulkRequest, rep: Rep, at: Date): Promise<ActivitySummary[]> {
  if (!request.slugs) return matchingRows(db, request, rep, at)
  const ticked = new Set(request.slugs)
  const { prospects } = await listActivity(
    db,
    { query: '', ownerId: null, stage: null, hotOnly: false },
    { offset: 0, limit: null },
    at,
  )
  return prospects.filter((row) => ticked.has(row.slug))
}

function tooMany(): never {
  invalid(`Choose at most ${BULK_MAX_ROWS.toLocaleString('en-US')} prospects at once: narrow the filter.`)
}

/**
 * The mail merge's file: each prospect's name, company, link (marked as sent by email, as the
 * outreach's links are, so a visit from it counts as the email's) and stage as the pages word it.
 * Names and companies people typed never run as a formula in a spreadsheet.
 */
export function formatBulkExport(rows: readonly ActivitySummary[], base: string): string {
  return formatCsv([
    [...BULK_EXPORT_COLUMNS],
    ...rows.map((row) => [
      neutralizeFormula(row.name),
      neutralizeFormula(row.companyName),
      `${getProspectPageUrl(base, row.slug)}?via=email`,
      STAGE_LABELS[row.stage],
    ]),
  ])
}

/** Why a row was left alone: the ownership rule's own sentence, or why the action does not apply. */
function toRefusal(row: BulkRefusedRow): BulkRefusal {
  const base = { slug: row.slug, name: row.name, companyName: row.company_name }
  const refusal = row.refusal
  switch (refusal.status) {
    case 'not_your_prospect':
    case 'owner_not_allowed':
    case 'fallback_admin_only':
      return { ...base, reason: describeRefusal(refusal) }
    case 'fallback_kept':
      return { ...base, reason: 'The fallback prospect every unknown link shows cannot be deleted.' }
    case 'no_website':
      return { ...base, reason: 'It has no website to read.' }
  }
}
