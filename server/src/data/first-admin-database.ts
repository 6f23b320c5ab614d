import type { Rep } from '#core/rep-api.ts'
import type { Table } from './rep-database.ts'

/**
 * The first admin's setup links: their part of the Database type (database.ts), from
 * `supabase/migrations/20261207000300_first_admin.sql`.
 */
export type FirstAdminTables = {
  first_admin_tokens: Table<{ token_hash: string; created_at: string; expires_at: string }>
}

export type FirstAdminFunctions = {
  /** True: the link is recorded (no enabled admin exists); false: an admin exists, no link is needed. */
  open_first_admin_setup: { Args: { token_hash: string; at: string; expires_at: string }; Returns: boolean }
  create_first_admin: {
    Args: {
      token_hash: string
      email: string
      password_hash: string
      session_token_hash: string
      at: string
      session_expires_at: string
    }
    Returns:
      | { status: 'created'; rep: Rep }
      | { status: 'admin_exists' | 'link_expired' | 'email_taken'; rep?: undefined }
  }
}
