import type { Logger } from '../logging/rate-limited-logger.ts'
import {
  type CallRecordCounts,
  interruptedAfterSeconds,
  pruneCallRecords,
  settleInterruptedCalls,
} from './call-records.ts'
import { callFunction, type Db } from './database.ts'
import { pruneEngagementBacklog } from './engagement-retention.ts'
import type { EngagementPruneCounts } from './events-database.ts'

export interface CallRecordUpkeep {
  retentionDays: number
  /** Past this, a `pending` call belongs to no live request of any server. */
  interruptedAfterSeconds: number
  /**
   * This process is the database's only server (the embedded database's data-directory lock), so
   * at its start whatever is pending was interrupted, however young.
   */
  exclusive: boolean
  /**
   * Days engagement events, call reports and settled nudges are kept (`EVENT_RETENTION_DAYS`);
   * absent, the upkeep leaves them alone.
   */
  engagementRetentionDays?: number | undefined
}

/** The server's settings the upkeep reads: how long calls may take and records are kept. */
export interface UpkeepServerConfig {
  callRecordRetentionDays: number
  database: { kind: 'embedded' | 'postgres' }
  engagement: { retentionDays?: number | undefined }
  phoneCall: { timeoutMs: number } | null
  videoCall: { timeoutMs: number } | null
}

export function getCallRecordUpkeep(config: UpkeepServerConfig): CallRecordUpkeep {
  const timeoutMs = Math.max(config.phoneCall?.timeoutMs ?? 0, config.videoCall?.timeoutMs ?? 0)
  return {
    retentionDays: config.callRecordRetentionDays,
    interruptedAfterSeconds: interruptedAfterSeconds(timeoutMs),
    exclusive: config.database.kind === 'embedded',
    engagementRetentionDays: config.engagement.retentionDays,
  }
}

/** Rows of each kind pruned per round: a day of heavy traffic, in well under a second. */
const PRUNE_BATCH_ROWS = 5000
/**
 * Engagement events come far faster than calls: up to this many batches of PRUNE_BATCH_ROWS per
 * round (100,000 rows an hour on the Node server), each its own short transaction.
 */
const ENGAGEMENT_PRUNE_BATCHES = 20

/**
 * One round of upkeep: settles interrupted calls, then prunes a batch of expired records (requests
 * that add rows prune some as well). `atStart`: the server is starting, so nothing pending is its own.
 */
export async function tidyCallRecords(
  db: Db,
  upkeep: CallRecordUpkeep,
  atStart: boolean,
): Promise<{
  settled: CallRecordCounts
  pruned: CallRecordCounts
  engagement: EngagementPruneCounts | null
}> {
  const settled = await settleInterruptedCalls(
    db,
    atStart && upkeep.exclusive ? 0 : upkeep.interruptedAfterSeconds,
  )
  const pruned = await pruneCallRecords(db, upkeep.retentionDays, PRUNE_BATCH_ROWS)
  const engagement =
    upkeep.engagementRetentionDays === undefined
      ? null
      : await pruneEngagementBacklog(
          db,
          upkeep.engagementRetentionDays,
          PRUNE_BATCH_ROWS,
          ENGAGEMENT_PRUNE_BATCHES,
        )
  if (upkeep.engagementRetentionDays !== undefined) {
    // What the demo agent did is on the rep's timeline, beside the call reports: kept as long as they are.
    const before = new Date(Date.now() - upkeep.engagementRetentionDays * 86_400_000)
    await callFunction(db, 'prune_demo_calls', { before: before.toISOString() })
    // The team's own test calls too: on the same timeline, kept as long.
    await callFunction(db, 'prune_team_call_reports', { before: before.toISOString() })
  }
  return { settled, pruned, engagement }
}

export interface UpkeepOptions {
  db: Db
  upkeep: CallRecordUpkeep
  logger: Logger
  /**
   * Gives deleted rows' space back. PGlite runs no autovacuum, so without this an embedded database
   * never reuses what pruning frees; hosted Postgres vacuums by itself.
   */
  vacuum?: () => Promise<unknown>
  /** Between rounds after the first; default an hour. */
  intervalMs?: number
}

/** What the embedded database runs as `vacuum` (outside any transaction). */
export const VACUUM_CALL_RECORDS_SQL =
  'vacuum public.phone_call_attempts, public.video_conversations, public.rate_limit_counters, ' +
  'public.engagement_events, public.call_reports, public.notification_outbox'

/**
 * For a long-running server: one round now (as it starts) and one every interval, so records
 * expire even when no call comes in. Failures are logged, never thrown. `first` settles with the
 * first round; `stop` ends the rounds (the timer never keeps the process alive).
 */
export function startCallRecordUpkeep(options: UpkeepOptions): { first: Promise<void>; stop(): void } {
  const round = async (atStart: boolean) => {
    try {
      await tidyCallRecords(options.db, options.upkeep, atStart)
      await options.vacuum?.()
    } catch (error) {
      options.logger.error('[call_records]', error)
    }
  }
  const first = round(true)
  let current = first
  const timer = setInterval(
    () => {
      current = round(false)
    },
    options.intervalMs ?? 60 * 60 * 1000,
  )
  timer.unref?.()
  return {
    first,
    stop: () => {
      clearInterval(timer)
      return current
    },
  }
}
