import type { NudgeFacts } from '#core/nudge-words.ts'
/**
 * The functions of call reports and the nudges' outbox (`supabase/schema.sql`). `Returns` are what
 * each function builds; timestamps arrive as Postgres writes them in JSON, to be read with `new Date()`.
 */
export type OutboxFunctions = {
  record_call_report: {
    Args: {
      call_id: string
      prospect_slug: string
      visit_id: string | null
      source: 'browser' | 'phone'
      started_at: string | null
      ended_at: string | null
      seconds: number | null
      ended_reason: string | null
      summary: string | null
      transcript: readonly { speaker: 'agent' | 'prospect'; text: string }[]
      /** Null: queue no nudge. */
      nudge_dedupe_minutes: number | null
      link: string | null
      at: string
    }
    Returns: { status: 'recorded' | 'duplicate' | 'unknown_prospect'; nudged: boolean }
  }
  /**
   * A "Call Me" call the server placed for a prospect (`phone_call_placed`) and, with it, its `asked`
   * nudge. Null `dedupe_minutes`: queue no nudge.
   */
  record_phone_call_placed: {
    Args: {
      prospect_slug: string
      visit_id: string
      dedupe_minutes: number | null
      link: string | null
      at: string
    }
    Returns: { status: 'recorded' | 'unknown_prospect'; nudged: boolean }
  }
  /** Whether the team has a chat for nudges: without one, a chat nudge is written settled (the dedupe record). */
  set_nudge_channels: { Args: { chat: boolean }; Returns: null }
  claim_nudges: {
    Args: { max_rows: number; lease_seconds: number; at: string }
    Returns: { nudges: ClaimedNudge[]; next_at: string | null }
  }
  finish_nudge: {
    Args: { id: number; ok: boolean; error: string | null; at: string }
    Returns: { state: 'sent' | 'retry' | 'failed' | 'gone'; next_attempt_at: string | null }
  }
  release_nudge_leases: { Args: Record<never, never>; Returns: number }
}

/**
 * A nudge claimed for delivery: its id, its facts for the server to word (or, queued before that, its
 * chat message) and how many attempts went before.
 */
export interface ClaimedNudge {
  id: number
  text: string | null
  facts: NudgeFacts | null
  attempts: number
}
