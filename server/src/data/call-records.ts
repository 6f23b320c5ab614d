import { AppError } from '#core/errors.ts'
import type { Db } from './database.ts'

/** Rows of each kind of call record that a function changed. */
export interface CallRecordCounts {
  phoneCallAttempts: number
  videoConversations: number
}

/**
 * Past the platform's timeout, how long a live request may still hold a call `pending` (the
 * database round trips around the platform's answer). Older pending calls were left by a crash.
 */
const INTERRUPTED_MARGIN_S = 60

/** Seconds after which a `pending` call cannot belong to a live request any more. */
export const interruptedAfterSeconds = (platformTimeoutMs: number): number =>
  Math.ceil(platformTimeoutMs / 1000) + INTERRUPTED_MARGIN_S

/**
 * Settles the calls a stopped server left `pending` for longer than `olderThanSeconds` as `unknown`,
 * freeing their idempotency keys so a retry is judged afresh rather than refused forever.
 */
export async function settleInterruptedCalls(
  supabase: Db,
  olderThanSeconds: number,
): Promise<CallRecordCounts> {
  const { data, error } = await supabase.rpc('settle_interrupted_calls', {
    older_than_seconds: olderThanSeconds,
  })
  return readCounts('settle_interrupted_calls', data, error)
}

/** Deletes call records older than the retention, at most `maxRows` of each kind. */
export async function pruneCallRecords(
  supabase: Db,
  retentionDays: number,
  maxRows: number,
): Promise<CallRecordCounts> {
  const { data, error } = await supabase.rpc('prune_call_records', {
    retention_days: retentionDays,
    max_rows: maxRows,
  })
  return readCounts('prune_call_records', data, error)
}

function readCounts(fn: string, data: CallRecordCounts | null, error: unknown): CallRecordCounts {
  if (error || !data) throw new AppError('unavailable', { cause: error ?? new Error(`${fn}: no answer`) })
  return data
}
