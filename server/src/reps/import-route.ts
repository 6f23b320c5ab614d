import { Hono } from 'hono'
import type { AgentTemplateSet } from '#core/agent.ts'
import { AppError } from '#core/errors.ts'
import { getProspectPageUrl } from '#core/prospect.ts'
import { type ImportJob, type ImportJobResponse, REP_API_PATH } from '#core/rep-api.ts'
import type { RunInBackground } from '../common/background-work.ts'
import { limitBody } from '../common/limit-body.ts'
import type { Db } from '../data/database.ts'
import type { ImportJobRow } from '../data/import-job-database.ts'
import { beginImportJob, readImportJob, writeImportJob } from '../data/import-jobs.ts'
import { queueImportReadings } from '../data/website-reads.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import { REQUEST_ID_HEADER } from '../logging/request-log.ts'
import { readImportRequest } from './import-body.ts'
import { refuseOthersProspects } from './import-ownership.ts'
import type { RepEnv } from './rep-guards.ts'
import type { ImportFinished } from './rep-settings.ts'

/** MAX_IMPORT_ROWS rows of a typical 600 bytes, with room; 10,000 prospects are about 6 MB. */
const MAX_CSV_BYTES = 64 * 1024 * 1024

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface ImportRouteDeps {
  db: Db
  templates: AgentTemplateSet
  /** `SITE_URL`, the links' base; null: the request's origin. */
  siteUrl: string | null
  now: () => Date
  runInBackground: RunInBackground
  logger: Logger
  /** Told as each import written in the background ends. */
  onImportFinished?: ((finished: ImportFinished) => void) | undefined
  /** The import queued readings of its rows' websites (website/website-read-queue.ts). */
  onWebsiteReadsQueued?: (() => void) | undefined
}

/**
 * `POST imports`: the file is checked whole before anything is stored (422 with every bad row), then
 * answered 202 at once with its job and its address (`Location`); the job writes in the background:
 * staged in chunks, then applied in one transaction, all or nothing, stamped with the rep, who owns
 * the prospects it creates. A rep's rows of prospects that are not theirs are refused like bad rows
 * (import-ownership.ts). The same key again answers the job it made. `GET imports/:id` answers a
 * job to the rep who sent it only: keys are per rep, and so are their answers (another rep, like an
 * unknown id, gets 404, which says nothing of whether the job exists).
 */
export function importRoutes(deps: ImportRouteDeps): Hono<RepEnv> {
  const templateIds = deps.templates.list.map((template) => template.source.id)
  const linkBase = (requestUrl: string) => deps.siteUrl ?? new URL(requestUrl).origin
  return new Hono<RepEnv>()
    .post('/imports', limitBody(MAX_CSV_BYTES), async (c) => {
      const file = await readImportRequest(c, templateIds)
      const { key, fileHash, rows } = file
      await refuseOthersProspects(deps.db, c.get('rep'), file)
      const start = await beginImportJob(
        deps.db,
        { repId: c.get('rep').id, key, fileHash, total: rows.length },
        deps.now(),
      )
      if (start.status === 'conflict') throw new AppError('import_key_reused')
      let job = start.job
      if (start.status === 'created') {
        const requestId = c.res.headers.get(REQUEST_ID_HEADER) ?? undefined
        const began = performance.now()
        const finished = (status: ImportJobRow['status'], counts: ImportJobRow['result']) =>
          deps.onImportFinished?.({
            jobId: job.id,
            requestId,
            status,
            rows: rows.length,
            ...(counts ?? {}),
            ms: Math.round(performance.now() - began),
          })
        await deps.runInBackground(() =>
          writeImportJob(deps.db, job, rows, { now: deps.now }).then(
            async (written) => {
              finished(written.status, written.result)
              // Once the rows are saved, their sites are read in the background to fill blank details.
              if (written.status !== 'done') return
              const queued = await queueImportReadings(deps.db, job.id, rows, deps.now()).catch(
                (error: unknown) => {
                  deps.logger.error("[import] the rows' websites could not be queued for reading:", error)
                  return 0
                },
              )
              if (queued > 0) deps.onWebsiteReadsQueued?.()
            },
            (error: unknown) => {
              finished('failed', null)
              deps.logger.error('[import] writing an import failed; nothing was written:', error)
            },
          ),
        )
        // Where the work ran before this answer (the edge without waitUntil), the job is finished now.
        job = (await readImportJob(deps.db, job.id, deps.now())) ?? job
      }
      c.header('Location', `${REP_API_PATH}/imports/${job.id}`)
      return c.json({ import: toImportJob(job, linkBase(c.req.url)) } satisfies ImportJobResponse, 202)
    })
    .get('/imports/:id', async (c) => {
      const id = c.req.param('id')
      const job = UUID.test(id) ? await readImportJob(deps.db, id, deps.now()) : null
      if (!job || job.rep_id !== c.get('rep').id) throw new AppError('import_not_found')
      return c.json({ import: toImportJob(job, linkBase(c.req.url)) } satisfies ImportJobResponse)
    })
}

/** A job in the API's shape; a finished one with each row's link, in file order. */
function toImportJob(row: ImportJobRow, base: string): ImportJob {
  const result =
    row.result && row.slugs
      ? { ...row.result, links: row.slugs.map((slug) => ({ slug, url: getProspectPageUrl(base, slug) })) }
      : null
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    done: row.done,
    result,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}
