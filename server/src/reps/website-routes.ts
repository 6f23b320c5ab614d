import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import type { ProspectRefusal } from '#core/ownership.ts'
import type { WebsiteReading, WebsiteReadProgress, WebsiteReadRow } from '#core/website-reading.ts'
import { limitBody } from '../common/limit-body.ts'
import { HOUR_S } from '../common/rate-limit-error.ts'
import { readJsonBody } from '../common/read-json-body.ts'
import { callFunction, type Db } from '../data/database.ts'
import { readImportJob } from '../data/import-jobs.ts'
import { checkRateLimits } from '../data/rate-limits.ts'
import { throwRefusal } from './prospect-refusal.ts'
import type { RepEnv } from './rep-guards.ts'
import type { WebsiteReaderDeps } from './rep-settings.ts'

const READING_BODY = z.object({ website: z.string().max(300) })
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** An import's failed rows listed for the rep at once: a page of them, the worst list a rep fixes. */
const MAX_FAILURES = 200

/**
 * The reps' website reading (core/website-reading.ts): `POST website-readings` reads a site now and
 * answers what it proposes; `GET imports/:id/websites` follows an import's readings;
 * `POST prospects/:slug/website-read` queues one prospect's reading again. Each rep may read a limited
 * number of sites an hour: every reading makes this server fetch pages from the internet.
 */
export function websiteRepRoutes(
  db: Db,
  reader: WebsiteReaderDeps | undefined,
  now: () => Date,
): Hono<RepEnv> {
  return new Hono<RepEnv>()
    .post('/website-readings', limitBody(4096), async (c) => {
      if (!reader) throw new AppError('website_reader_off')
      const { website } = readJsonBody(await c.req.text(), READING_BODY)
      const limit = await checkRateLimits(db, [
        { key: `website:rep:${c.get('rep').id}`, limit: reader.perRepHourly, windowSeconds: HOUR_S },
      ])
      if (!limit.allowed) {
        throw new AppError('website_reads_limited', { retryAfterSeconds: limit.retryAfterSeconds })
      }
      const reading = await reader.read(website, c.req.raw.signal)
      return c.json(reading satisfies WebsiteReading)
    })
    .get('/imports/:id/websites', async (c) => {
      const id = c.req.param('id')
      const job = UUID.test(id) ? await readImportJob(db, id, now()) : null
      if (!job || job.rep_id !== c.get('rep').id) throw new AppError('import_not_found')
      const progress = await callFunction(db, 'website_read_progress', {
        import_job_id: id,
        max_failures: MAX_FAILURES,
      })
      return c.json(progress satisfies WebsiteReadProgress)
    })
    .post('/prospects/:slug/website-read', async (c) => {
      if (!reader) throw new AppError('website_reader_off')
      const slug = c.req.param('slug')
      // Reading fills the prospect's blank details: a change, so only those who may change it may ask.
      const { rows } = await db.query<{
        id: string
        website: string | null
        refusal: ProspectRefusal | null
      }>(
        `select p.id, p.website, public.prospect_change_refusal($1, p.slug, p.owner_id, false, null) as refusal
         from public.prospects p where p.slug = $2`,
        [c.get('rep').id, slug],
      )
      const prospect = rows[0]
      if (!prospect) throw new AppError('prospect_not_found')
      if (prospect.refusal) throwRefusal(prospect.refusal)
      if (!prospect.website) {
        throw new AppError('website_unreadable', { message: 'This prospect has no website to read.' })
      }
      await callFunction(db, 'queue_website_reads', {
        slugs: [slug],
        import_job_id: null,
        at: now().toISOString(),
      })
      reader.onQueued?.()
      const row = await callFunction(db, 'website_read_row', { prospect_id: prospect.id })
      return c.json({ row: row as WebsiteReadRow }, 202)
    })
}
