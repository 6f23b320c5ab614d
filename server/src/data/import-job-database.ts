import type { ProspectRow, UpsertCounts } from './database.ts'
import type { Table } from './rep-database.ts'

/**
 * The import jobs' part of the Database type (database.ts): their tables and functions
 * (`supabase/schema.sql`). `Returns` are what each function builds; timestamps arrive as Postgres
 * writes them in JSON, to be read with `new Date()`.
 */
export type ImportJobTables = {
  import_jobs: Table<{
    id: string
    /** Null: the command line. */
    rep_id: string | null
    idempotency_key: string
    file_hash: string
    status: ImportJobStatus
    total: number
    /** Rows staged so far; `total` once done. */
    done: number
    result: UpsertCounts | null
    slugs: string[] | null
    error: string | null
    created_at: string
    updated_at: string
  }>
  import_job_rows: Table<{
    job_id: string
    ordinal: number
    prospect: ProspectRow
  }>
}

export type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed'

/** A job as the functions answer it: `result` and `slugs` once done, `error` once failed. */
export interface ImportJobRow {
  id: string
  rep_id: string | null
  status: ImportJobStatus
  total: number
  done: number
  result: UpsertCounts | null
  /** In file order; only on a job that is done. */
  slugs: string[] | null
  error: string | null
  created_at: string
  updated_at: string
}

export type ImportJobFunctions = {
  begin_import_job: {
    Args: {
      rep_id: string | null
      idempotency_key: string
      file_hash: string
      total: number
      at: string
      stale_seconds: number
      stale_error: string
      retention_days: number
    }
    Returns:
      | { status: 'created' | 'existing'; job: ImportJobRow }
      /** The key made a job for another file. */
      | { status: 'conflict'; job: null }
  }
  /** Null: no such job. */
  stage_import_rows: {
    Args: { job_id: string; first_position: number; prospects: readonly ProspectRow[]; at: string }
    Returns: ImportJobRow | null
  }
  apply_import_job: { Args: { job_id: string; at: string }; Returns: ImportJobRow | null }
  fail_import_job: { Args: { job_id: string; error: string; at: string }; Returns: ImportJobRow | null }
  get_import_job: {
    Args: { job_id: string; at: string; stale_seconds: number; stale_error: string }
    Returns: ImportJobRow | null
  }
  /** `job_id` null: every open job. Answers how many it settled as failed. */
  settle_stale_import_jobs: {
    Args: { job_id: string | null; at: string; stale_seconds: number; error: string }
    Returns: number
  }
}
