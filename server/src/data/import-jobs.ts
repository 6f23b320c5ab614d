import { callFunction, DatabaseError, type Db, type ProspectRow } from './database.ts'
import type { ImportJobRow } from './import-job-database.ts'

/**
 * Imports as jobs (`import_jobs`), shared by the reps' API and `npm run prospects -- import`: a job is
 * begun with the client's idempotency key and the file's hash, its rows are staged in chunks (each
 * call one short transaction, so `done` of `total` can be shown), and then applied in one
 * transaction by `upsert_prospects`: every row or none, as before there were jobs.
 */

/**
 * An open job whose time has not moved for this long has lost its server (each chunk moves it; the
 * one-transaction apply, the longest step, is ended by PostgreSQL's two-minute statement timeout).
 */
export const IMPORT_JOB_STALE_SECONDS = 5 * 60
/** Jobs are kept this long (for a retry, or a rep coming back to the page), then pruned. */
export const IMPORT_JOB_RETENTION_DAYS = 7

/** The words a rep or an operator reads on a job that failed. */
export const IMPORT_INTERRUPTED_MESSAGE =
  'The import was interrupted before it was written, so nothing was imported. Import the file again.'
/**
 * A rep's rows of prospects that changed hands after the file was checked: `upsert_prospects` refuses
 * the whole import (SQLSTATE RP403) by the ownership rule.
 */
export const IMPORT_REFUSED_MESSAGE =
  'Nothing was imported: some rows are prospects you cannot change, as they changed hands while the ' +
  'file was sent. Import the file again to see which.'
const IMPORT_REFUSED_SQLSTATE = 'RP403'
export const IMPORT_FAILED_MESSAGE =
  'The database could not write the import, so nothing was imported. Try again; if it fails again, ' +
  'tell whoever runs the server.'

/** What a client may send as an idempotency key: the phone calls' rule. */
export const IMPORT_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/

/**
 * Rows per staging call, and characters: small enough that progress moves every fraction of a second
 * and a call of rows with 20,000-character prompts stays a few megabytes, large enough that the round
 * trips cost little next to the rows.
 */
const CHUNK_ROWS = 500
export const CHUNK_CHARACTERS = 2_000_000

export type ImportJobStart =
  /** `existing`: the job this key made before, as it is now. */
  | { status: 'created' | 'existing'; job: ImportJobRow }
  /** The key made a job for another file. */
  | { status: 'conflict' }

/** SHA-256 of the file's bytes in hex: what tells one file from another under the same key. */
export async function hashFileBytes(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Begins a job, or finds the one this key began (a failed one, of which nothing was written, is
 * begun again). Prunes old jobs and settles stale ones on the way.
 */
export async function beginImportJob(
  db: Db,
  start: { repId: string | null; key: string; fileHash: string; total: number },
  at: Date,
): Promise<ImportJobStart> {
  const answer = await callFunction(db, 'begin_import_job', {
    rep_id: start.repId,
    idempotency_key: start.key,
    file_hash: start.fileHash,
    total: start.total,
    at: at.toISOString(),
    stale_seconds: IMPORT_JOB_STALE_SECONDS,
    stale_error: IMPORT_INTERRUPTED_MESSAGE,
    retention_days: IMPORT_JOB_RETENTION_DAYS,
  })
  return answer.status === 'conflict' ? { status: 'conflict' } : answer
}

/** One job, settled as failed first if it stood still too long; null when there is none. */
export function readImportJob(db: Db, id: string, at: Date): Promise<ImportJobRow | null> {
  return callFunction(db, 'get_import_job', {
    job_id: id,
    at: at.toISOString(),
    stale_seconds: IMPORT_JOB_STALE_SECONDS,
    stale_error: IMPORT_INTERRUPTED_MESSAGE,
  })
}

/**
 * Fails every open job at once, for a server whose database is its own alone (the embedded one) as
 * it starts: no other process can be writing them, so the rep need not wait out the stale time.
 * Answers how many there were.
 */
export function settleInterruptedImports(db: Db, at: Date): Promise<number> {
  return callFunction(db, 'settle_stale_import_jobs', {
    job_id: null,
    at: at.toISOString(),
    stale_seconds: 0,
    error: IMPORT_INTERRUPTED_MESSAGE,
  })
}

export interface WriteOptions {
  now: () => Date
  /** After each chunk: the job with its new `done`. */
  onProgress?: (job: ImportJobRow) => void
}

/**
 * Stages a new job's rows and applies them. Answers the job as it ends: done, or failed when it was
 * settled as interrupted meanwhile (its writer then stops). Any error marks the job failed, its
 * staged rows deleted, and is thrown again for the caller to log or print; nothing was written.
 */
export async function writeImportJob(
  db: Db,
  job: ImportJobRow,
  rows: readonly ProspectRow[],
  options: WriteOptions,
): Promise<ImportJobRow> {
  try {
    let position = 0
    for (const chunk of splitIntoChunks(rows)) {
      const staged = await callFunction(db, 'stage_import_rows', {
        job_id: job.id,
        first_position: position,
        prospects: chunk,
        at: options.now().toISOString(),
      })
      if (staged?.status !== 'running') return staged ?? job
      position += chunk.length
      options.onProgress?.(staged)
    }
    return (
      (await callFunction(db, 'apply_import_job', { job_id: job.id, at: options.now().toISOString() })) ?? job
    )
  } catch (error) {
    const refused = error instanceof DatabaseError && error.code === IMPORT_REFUSED_SQLSTATE
    await callFunction(db, 'fail_import_job', {
      job_id: job.id,
      error: refused ? IMPORT_REFUSED_MESSAGE : IMPORT_FAILED_MESSAGE,
      at: options.now().toISOString(),
    }).catch(() => {
      // The database is away: the job stands still and is settled as interrupted when next read.
    })
    throw error
  }
}

function* splitIntoChunks(rows: readonly ProspectRow[]): Generator<ProspectRow[]> {
  let chunk: ProspectRow[] = []
  let characters = 0
  for (const row of rows) {
    const size = Object.values(row).reduce((sum, value) => sum + (value?.length ?? 0), 0)
    if (chunk.length > 0 && (chunk.length === CHUNK_ROWS || characters + size > CHUNK_CHARACTERS)) {
      yield chunk
      chunk = []
      characters = 0
    }
    chunk.push(row)
    characters += size
  }
  if (chunk.length > 0) yield chunk
}
