import type { CallRecordCounts } from './call-database.ts'
import { callFunction, type Db } from './database.ts'

export type { CallRecordCounts }

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
export async function settleInterruptedCalls(db: Db, olderThanSeconds: number): Promise<CallRecordCounts> {
  return callFunction(db, 'settle_interrupted_calls', { older_than_seconds: olderThanSeconds })
}

/** Deletes call records older than the retention, at most `maxRows` of each kind. */
export async function pruneCallRecords(
  db: Db,
  retentionDays: number,
  maxRows: number,
): Promise<CallRecordCounts> {
  return callFunction(db, 'prune_call_records', { retention_days: retentionDays, max_rows: maxRows })
}
