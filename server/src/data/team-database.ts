import type { Rep, RepRole, TeamAuditAction } from '#core/rep-api.ts'
import type { Table } from './rep-database.ts'

/**
 * The team's part of the Database type (database.ts): the trail of changes to reps' accounts and the
 * functions the team page and `npm run reps` share (`supabase/schema.sql`). `Returns` are what each
 * function builds; timestamps arrive as Postgres writes them in JSON, to be read with `new Date()`.
 */
export type TeamTables = {
  rep_audit: Table<{
    id: number
    rep_id: string
    /** Who made the change: an admin, the rep themselves (`password_set`), or null for the command line. */
    actor_id: string | null
    action: TeamAuditAction
    at: string
    role: RepRole | null
    ended_sessions: number
  }>
}

/** `actor_id`: the admin making the change; absent or null for the command line. */
export type TeamFunctions = {
  rep_may_manage: { Args: { actor_id: string | null }; Returns: boolean }
  invite_rep: {
    Args: {
      email: string
      role: RepRole
      token_hash: string
      at: string
      expires_at: string
      actor_id?: string | null
    }
    Returns:
      | { status: 'added' | 'exists'; added: boolean; rep: Rep }
      | { status: 'forbidden'; added: false; rep: null }
  }
  send_rep_password_link: {
    Args: { rep_id: string; token_hash: string; at: string; expires_at: string; actor_id?: string | null }
    Returns: PasswordLinkResult
  }
  update_rep: {
    Args: {
      rep_id: string
      /** Null: keep. */
      role: RepRole | null
      /** Null: keep. */
      disabled: boolean | null
      at: string
      actor_id?: string | null
    }
    Returns: UpdateRepResult
  }
  list_team: { Args: Record<never, never>; Returns: TeamRow[] }
  /** Null when no rep has this id. */
  list_rep_history: { Args: { rep_id: string; max_rows: number }; Returns: RepAuditRow[] | null }
}

export type PasswordLinkResult =
  | {
      status: 'sent'
      /** `link_resent` while they had no password, else `password_reset`. */
      action: 'link_resent' | 'password_reset'
      rep: Rep
      disabled: boolean
      ended_sessions: number
    }
  | { status: 'self'; rep: Rep }
  | { status: 'not_found' | 'forbidden' }

export type UpdateRepResult =
  | { status: 'updated' | 'unchanged' | 'self' | 'last_admin'; rep: Rep; ended_sessions: number }
  | { status: 'not_found' | 'forbidden' }

/** A line of `list_team`. */
export type TeamRow = Rep & {
  disabled: boolean
  password_set: boolean
  created_at: string
  last_signed_in_at: string | null
  /** The newest unused link's end (perhaps past); null when there is none. */
  link_expires_at: string | null
}

/** An entry of `list_rep_history`, newest first. */
export type RepAuditRow = {
  action: TeamAuditAction
  at: string
  actor: Rep | null
  role: RepRole | null
  ended_sessions: number
}
