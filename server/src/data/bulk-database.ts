import type { ProspectRefusal } from '#core/ownership.ts'
import type { EngagementTables } from './engagement-database.ts'
import type { Table } from './rep-database.ts'

/** Why `bulk_change_prospects` left a row alone: the ownership rule's refusal, or the action's own. */
export type BulkRowRefusal = ProspectRefusal | { status: 'fallback_kept' } | { status: 'no_website' }

export type BulkRefusedRow = {
  slug: string
  name: string
  company_name: string
  refusal: BulkRowRefusal
}

/** The bulk actions' functions (supabase/functions-sql/, one file each). */
export type BulkFunctions = {
  bulk_change_prospects: {
    Args: {
      action: 'reassign' | 'delete' | 'reread'
      slugs: readonly string[]
      rep_id: string
      owner_id: string | null
      batch_id: string | null
      at: string
      max_refused: number
    }
    Returns:
      | { status: 'owner_unknown' }
      | {
          status: 'done'
          changed: number
          unchanged: number
          missing: number
          refused_count: number
          refused: BulkRefusedRow[]
        }
  }
  /** `bulk_change_prospects` for a job, its row written done in the same transaction. */
  run_bulk_job: {
    Args: {
      job_id: string
      action: 'reassign' | 'delete' | 'reread'
      slugs: readonly string[]
      rep_id: string
      owner_id: string | null
      batch_id: string | null
      at: string
      max_refused: number
    }
    Returns: BulkFunctions['bulk_change_prospects']['Returns']
  }
  /** One chunk of a job's rows checked by the rule, the job's counts moved on. */
  check_bulk_job_chunk: {
    Args: Omit<BulkFunctions['run_bulk_job']['Args'], 'batch_id' | 'max_refused'>
    Returns: { status: 'gone' } | { status: 'checked'; checked: number; refused: number }
  }
  restore_prospect_batch: {
    Args: { batch_id: string; rep_id: string; at: string }
    Returns:
      | { status: 'not_found' }
      | { status: 'forbidden' }
      | { status: 'restored'; restored: number; already: number; slug_taken: string[] }
  }
  /** `restore_prospect_batch` for a job, its row written in the same transaction. */
  run_restore_job: {
    Args: { job_id: string; batch_id: string; rep_id: string; at: string }
    Returns: BulkFunctions['restore_prospect_batch']['Returns']
  }
}

/** What `bulk_change_prospects` answers once it has run. */
export type BulkDone = Extract<BulkFunctions['bulk_change_prospects']['Returns'], { status: 'done' }>

export type BulkJobStatus = 'running' | 'done' | 'failed'

export type BulkTables = {
  bulk_jobs: Table<{
    id: string
    rep_id: string
    action: 'reassign' | 'delete' | 'reread' | 'restore'
    total: number
    status: BulkJobStatus
    /** While running: checking its rows in chunks, then writing them in one transaction. */
    phase: 'checking' | 'writing'
    /** Rows checked so far, of `total`, and how many of those the rep may not change. */
    checked: number
    refused: number
    /** When the one writing transaction began. */
    writing_at: string | null
    /**
     * `bulk_change_prospects`' answer and the delete's `batch_id`, once done; a restore's,
     * `restore_prospect_batch`'s.
     */
    result:
      | (BulkDone & { batch_id: string | null })
      | Extract<BulkFunctions['restore_prospect_batch']['Returns'], { status: 'restored' }>
      | null
    error: string | null
    created_at: string
    updated_at: string
  }>
  /** A bulk-deleted batch's facts, set aside by bulk_change_prospects until restore_prospect_batch puts them back. */
  deleted_engagement_events: Table<{ batch_id: string } & EngagementTables['engagement_events']['Row']>
  deleted_call_reports: Table<{ batch_id: string } & EngagementTables['call_reports']['Row']>
  deleted_team_call_reports: Table<{ batch_id: string } & EngagementTables['team_call_reports']['Row']>
}
