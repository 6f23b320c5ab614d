import type { TimelineRecord } from './rep-database.ts'

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
  /** A fact the server learnt itself (a "Call Me" call it placed), as an event of its prospect. */
  record_engagement_fact: {
    Args: {
      prospect_slug: string
      name: 'phone_call_placed' | 'video_call_placed'
      visit_id: string
      detail: Record<string, string | number>
      at: string
    }
    Returns: { status: 'recorded' | 'unknown_prospect' }
  }
  /** What the scheduler's signed webhook says of one booking (see scheduler/calendly-webhook.ts). */
  record_scheduler_booking: {
    Args: {
      invitee: string
      prospect_slug: string
      visit_id: string
      detail: Record<string, string>
      canceled: boolean
      dedupe_minutes: number | null
      link: string | null
      at: string
    }
    Returns: {
      status: 'recorded' | 'duplicate' | 'canceled' | 'unknown_booking' | 'unknown_prospect'
      nudged: boolean
    }
  }
  /** A call the team made from the reps' pages to try a prospect's agent. */
  record_team_call_report: {
    Args: {
      call_id: string
      prospect_slug: string
      source: 'browser' | 'phone'
      ended_at: string | null
      seconds: number | null
      ended_reason: string | null
      summary: string | null
      transcript: readonly { speaker: 'agent' | 'prospect'; text: string }[]
      at: string
    }
    Returns: { status: 'recorded' | 'duplicate' | 'unknown_prospect' }
  }
  /** A prospect's team calls as Timeline rows, newest first (timestamps as Postgres writes them). */
  list_team_call_reports: { Args: { slug: string; max_rows: number }; Returns: TeamCallRow[] }
  prune_team_call_reports: { Args: { before: string }; Returns: number }
}

/** One row of `list_team_call_reports`: a call report of the timeline's shape, marked as the team's. */
export type TeamCallRow = Extract<TimelineRecord['entries'][number], { kind: 'call_report' }> & { team: true }
