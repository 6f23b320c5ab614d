import { callFunction, type Db } from '../data/database.ts'
import type { EventBatchRow, RecordedBatch } from '../data/events-database.ts'
import type { EventSettings } from './event-settings.ts'
import { createGroupCommit } from './group-commit.ts'

/** Batches (requests) in one `record_events` call at most: up to 2,000 events, well under a second. */
export const MAX_BATCHES_PER_COMMIT = 100

/**
 * Stores a request's batch (`record_events`: limits, prospects, events and nudges in one
 * transaction) together with the batches of the requests that arrived with it, and resolves with
 * what became of it once that transaction committed. A database failure is AppError `unavailable`
 * for every request of the group: nothing of the group was stored, and each may be sent again.
 */
export function createEventRecorder(
  db: Db,
  settings: EventSettings,
): (batch: EventBatchRow) => Promise<RecordedBatch> {
  return createGroupCommit({
    maxItems: MAX_BATCHES_PER_COMMIT,
    concurrency: settings.commitConcurrency,
    commit: async (batches: readonly EventBatchRow[]) => {
      return callFunction(db, 'record_events', {
        batches,
        address_limit: settings.perAddressMinute,
        prospect_limit: settings.perProspectMinute,
        dedupe_minutes: settings.nudgeDedupeMinutes,
        link_prefix: settings.getProspectLinkPrefix(),
        at: settings.now().toISOString(),
      })
    },
  })
}
