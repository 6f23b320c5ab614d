import type { DemoAction, DemoActionKind, DemoAppointment } from '#core/demo-actions.ts'
import type { Table } from './rep-database.ts'

/**
 * The demo agent's part of the Database type (database.ts): the calls whose tools it answered, what
 * each tool call did, and the demo calendar's bookings (`supabase/schema.sql`).
 */
export type DemoTables = {
  demo_calls: Table<{
    call_id: string
    prospect_id: string
    visit_id: string | null
    source: 'browser' | 'phone'
    tool_calls: number
    window_started_at: string
    window_calls: number
    created_at: string
  }>
  demo_actions: Table<{
    id: number
    call_id: string
    tool_call_id: string
    tool: string
    kind: DemoActionKind | null
    detail: unknown
    result: string
    created_at: string
  }>
  demo_appointments: Table<{
    scope: string
    reference: string
    prospect_id: string
    start: string
    minutes: number
    name: string
    reason: string | null
    cancelled: boolean
    created_at: string
  }>
}

/** What the tools know of the prospect whose demo calls them. */
export interface DemoProspect {
  slug: string
  name: string
  company_name: string
  template: string | null
  opening_hours: string | null
}

export type BeganToolCall =
  /** This tool call was answered before (the platform sent it again): the same words, nothing redone. */
  | { status: 'answered'; result: string }
  | { status: 'unknown_prospect' | 'other_prospect' | 'limited' }
  | { status: 'ok'; scope: string; prospect: DemoProspect; appointments: DemoAppointment[] }

export type RecordedAction =
  | { status: 'recorded'; id: number }
  | { status: 'answered'; result: string }
  | { status: 'taken' }

export interface DemoActionRow {
  id: number
  kind: DemoActionKind
  detail: unknown
  at: string
}

export type DemoFunctions = {
  begin_demo_tool_call: {
    Args: {
      call_id: string
      slug: string
      visit_id: string | null
      source: 'browser' | 'phone'
      tool_call_id: string
      at: string
      max_per_call: number
      max_per_window: number
      window_seconds: number
    }
    Returns: BeganToolCall
  }
  record_demo_action: {
    Args: {
      call_id: string
      scope: string
      tool_call_id: string
      tool: string
      kind: DemoActionKind | null
      detail: unknown
      result: string
      change: { op: 'book' | 'move' | 'cancel'; appointment: DemoAppointment } | null
      at: string
    }
    Returns: RecordedAction
  }
  list_demo_actions: {
    Args: { call_id: string; slug: string; visit_id: string | null; after_id: number }
    Returns: DemoActionRow[]
  }
  prune_demo_calls: { Args: { before: string }; Returns: number }
}

/** A kept action as the page and the timeline read it: its detail, with its id and time. */
export function toDemoAction(row: DemoActionRow): DemoAction {
  return {
    ...(row.detail as object),
    kind: row.kind,
    id: String(row.id),
    at: new Date(row.at).toISOString(),
  } as DemoAction
}
