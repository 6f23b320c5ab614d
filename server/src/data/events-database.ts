/** One request's events as `record_events` takes them: validated, with the sender's keyed address. */
export interface EventBatchRow {
  /** Keyed hash of the client's address (`ip`), or null when it is unknown. */
  addressKey: string | null
  visit: string
  events: { slug: string; name: string; detail: Record<string, string | number> }[]
}

/** What `record_events` did with one batch: stored `accepted` events, or refused it by a limit (`blocked`). */
export interface RecordedBatch {
  accepted: number
  /** Keys of the full buckets (`events:ip:…`, `events:prospect:<slug>`); empty when stored. */
  blocked: string[]
  /** Seconds until the full buckets' window ends; 0 when stored. */
  retryAfterSeconds: number
  /** Its events queued a nudge to the reps. */
  nudged: boolean
}

/** Rows `prune_engagement` deleted. */
export interface EngagementPruneCounts {
  events: number
  callReports: number
  notifications: number
}

/** The functions of the event ingest and its upkeep (`supabase/schema.sql`). */
export type EventFunctions = {
  record_events: {
    Args: {
      batches: readonly EventBatchRow[]
      address_limit: number
      prospect_limit: number
      /** Null: nudges are off. */
      dedupe_minutes: number | null
      /** The rep's page of a prospect is this followed by its slug; null: nudges carry no link. */
      link_prefix: string | null
      /** The server's clock: the events' time and the limits' windows. */
      at: string
    }
    /** One result per batch, in order. */
    Returns: RecordedBatch[]
  }
  prune_engagement: { Args: { retention_days: number; max_rows: number }; Returns: EngagementPruneCounts }
}
