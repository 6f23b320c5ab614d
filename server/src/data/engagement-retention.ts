import { callFunction, type Db } from './database.ts'
import type { EngagementPruneCounts } from './events-database.ts'

/**
 * Deletes engagement events and end-of-call reports older than the retention, and nudges sent or
 * given up on before then, at most `maxRows` of each per call (one transaction), oldest first.
 */
export async function pruneEngagement(
  db: Db,
  retentionDays: number,
  maxRows: number,
): Promise<EngagementPruneCounts> {
  return callFunction(db, 'prune_engagement', {
    retention_days: retentionDays,
    max_rows: maxRows,
  })
}

/**
 * Prunes batch after batch while a batch comes back full, up to `maxBatches`: a day's backlog goes in
 * one round, and each transaction stays short, so requests between batches are not held up.
 * Returns the rows deleted in all.
 */
export async function pruneEngagementBacklog(
  db: Db,
  retentionDays: number,
  maxRows: number,
  maxBatches: number,
): Promise<EngagementPruneCounts> {
  const total: EngagementPruneCounts = { events: 0, callReports: 0, notifications: 0 }
  for (let batch = 0; batch < maxBatches; batch++) {
    const pruned = await pruneEngagement(db, retentionDays, maxRows)
    total.events += pruned.events
    total.callReports += pruned.callReports
    total.notifications += pruned.notifications
    if (Math.max(pruned.events, pruned.callReports, pruned.notifications) < maxRows) break
  }
  return total
}
