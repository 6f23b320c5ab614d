import type { Rep } from '#core/rep-api.ts'
import type { Table } from './rep-database.ts'

/**
 * The team's wording of a rep's message to a prospect (`supabase/schema.sql`): one row or none (the
 * default). Timestamps arrive as Postgres writes them in JSON, to be read with `new Date()`.
 */
export type OutreachTables = {
  outreach_wording: Table<{
    id: boolean
    subject: string
    email: string
    linkedin: string
    updated_at: string
    /** The admin who changed it last; null once their account is gone. */
    updated_by: string | null
  }>
}

/** The wording as stored, with who changed it last and when. */
export type OutreachWordingRow = {
  subject: string
  email: string
  linkedin: string
  updated_at: string
  updated_by: Rep | null
}

export type OutreachFunctions = {
  /** Null: the team never changed the default. */
  outreach_wording: { Args: Record<never, never>; Returns: OutreachWordingRow | null }
  set_outreach_wording: {
    Args: { subject: string; email: string; linkedin: string; rep_id: string; at: string }
    Returns: OutreachWordingRow
  }
}
