import type { NudgeFacts } from '#core/nudge-words.ts'
import type { Table } from './rep-database.ts'

/** The engagement part of the Database type (database.ts): its tables (`supabase/schema.sql`). */
export type EngagementTables = {
  engagement_events: Table<{
    id: number
    prospect_id: string
    name: string
    visit_id: string
    detail: Record<string, string | number>
    address_key: string | null
    at: string
  }>
  call_reports: Table<{
    call_id: string
    prospect_id: string
    visit_id: string | null
    source: 'browser' | 'phone'
    started_at: string | null
    ended_at: string | null
    seconds: number | null
    ended_reason: string | null
    summary: string | null
    transcript: { speaker: 'agent' | 'prospect'; text: string }[]
    received_at: string
  }>
  /** Calls the team made from the reps' pages to try a prospect's agent: never the prospect's engagement. */
  team_call_reports: Table<{
    call_id: string
    prospect_id: string
    source: 'browser' | 'phone'
    ended_at: string | null
    seconds: number | null
    ended_reason: string | null
    summary: string | null
    transcript: { speaker: 'agent' | 'prospect'; text: string }[]
    received_at: string
  }>
  notification_outbox: Table<{
    id: number
    prospect_id: string
    kind: 'opened' | 'asked' | 'talked' | 'booked'
    dedupe_key: string
    /** The words a nudge queued before they were the server's was queued with; null: `facts`. */
    text: string | null
    /** What the server words the nudge from (core/nudge-words.ts); null on a nudge queued with its words. */
    facts: NudgeFacts | null
    created_at: string
    attempts: number
    next_attempt_at: string
    lease_until: string | null
    sent_at: string | null
    failed_at: string | null
    last_error: string | null
  }>
  /** One row: whether the team has a chat for nudges (set_nudge_channels, at each server's start). */
  nudge_channels: Table<{ id: boolean; chat: boolean }>
  /** One row: which stage each kind of fact reaches, as the stage times below were built (ensure_stage_times). */
  funnel_stage_rules: Table<{ rules: { stages: number; ranks: Record<string, number> } }>
  /** When each prospect first reached each stage, kept by the database for the reps' funnel. */
  prospect_stage_times: Table<{
    prospect_id: string
    owner_id: string | null
    template: string | null
    sent_at: string
    opened_at: string | null
    tried_demo_at: string | null
    asked_call_at: string | null
    booked_at: string | null
    /** The first page open of all (its origin, '' when none was sent) and the last: the funnel's site split. */
    first_open_at: string | null
    first_open_origin: string | null
    last_open_at: string | null
  }>
}
