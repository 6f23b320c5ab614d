import {
  callFunction,
  DatabaseError,
  type Db,
  type ProspectRow,
  type ProspectSummary,
} from '../data/database.ts'
import type { ImportJobRow } from '../data/import-job-database.ts'
import { beginImportJob, type ImportJobStart, writeImportJob } from '../data/import-jobs.ts'
import { PROSPECT_COLUMNS } from '../data/prospects.ts'

/** The database refused or could not be reached; `message` says what it answered. */
export class ProspectStoreError extends Error {
  override readonly name = 'ProspectStoreError'
}

/** Runs one call, its refusal said in a sentence for the operator: what failed, Postgres's words, its code. */
async function say<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof DatabaseError)) throw error
    const { detail, hint } = (error.cause ?? {}) as { detail?: unknown; hint?: unknown }
    const words = [error.message.replace(/^[a-z_]+: /, ''), detail, hint].filter(
      (part) => typeof part === 'string' && part,
    )
    throw new ProspectStoreError(`${action}: ${words.join(' — ')}${error.code ? ` (${error.code})` : ''}`, {
      cause: error,
    })
  }
}

/** Begins the file's import job, or finds the one its key began (see data/import-jobs.ts). */
export function beginImport(db: Db, start: Parameters<typeof beginImportJob>[1]): Promise<ImportJobStart> {
  return say('Could not start the import, so nothing was written', () =>
    beginImportJob(db, start, new Date()),
  )
}

/**
 * Stages the rows and writes them in one transaction (`upsert_prospects` inside `apply_import_job`):
 * every row or none. The job answers `written` after each chunk.
 */
export function writeImport(
  db: Db,
  job: ImportJobRow,
  rows: readonly ProspectRow[],
  onProgress: (job: ImportJobRow) => void,
): Promise<ImportJobRow> {
  return say('The database refused the import, so nothing was written', () =>
    writeImportJob(db, job, rows, { now: () => new Date(), onProgress }),
  )
}

/** Every prospect in slug order, a page at a time (the API caps rows per answer). */
export async function* listProspects(db: Db, pageSize = 1000): AsyncGenerator<ProspectSummary> {
  let after: string | null = null
  for (;;) {
    const page: ProspectSummary[] = await listPage(db, after, pageSize)
    yield* page
    const last = page.at(-1)
    if (!last || page.length < pageSize) return
    after = last.slug
  }
}

function listPage(db: Db, after: string | null, pageSize: number) {
  return say('Could not list prospects', () =>
    callFunction(db, 'list_prospects', { after_slug: after, page_size: pageSize }),
  )
}

export function getProspect(db: Db, slug: string): Promise<ProspectRow | null> {
  return say(`Could not read prospect "${slug}"`, async () => {
    const { rows } = await db.query<ProspectRow>(
      `select ${PROSPECT_COLUMNS} from public.prospects where slug = $1`,
      [slug],
    )
    return rows[0] ?? null
  })
}

/** True when a prospect was deleted, false when there was none with this slug. */
export async function deleteProspect(db: Db, slug: string): Promise<boolean> {
  return (
    await say(`Could not delete prospect "${slug}"`, () => callFunction(db, 'delete_prospect', { slug }))
  ).deleted
}

/** Every queued reading of a website, counted, and the sites that could not be read (newest first). */
export async function readWebsiteProgress(db: Db): Promise<{
  counts: { total: number; read: number; failed: number; pending: number }
  failures: { slug: string; website: string; error: string }[]
}> {
  const [counts, failures] = await Promise.all([
    db.query<{ total: number; read: number; failed: number; pending: number }>(
      `select count(*)::integer as total,
         (count(*) filter (where status = 'read'))::integer as read,
         (count(*) filter (where status = 'failed'))::integer as failed,
         (count(*) filter (where status in ('queued', 'reading')))::integer as pending
       from public.website_reads`,
    ),
    db.query<{ slug: string; website: string; error: string }>(
      `select p.slug, w.website, w.error from public.website_reads w
       join public.prospects p on p.id = w.prospect_id
       where w.status = 'failed' order by w.updated_at desc, p.slug`,
    ),
  ])
  return { counts: counts.rows[0] ?? { total: 0, read: 0, failed: 0, pending: 0 }, failures: failures.rows }
}
