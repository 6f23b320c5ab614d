import type { Table } from './rep-database.ts'

/** The embed keys' table (`supabase/schema.sql`): written by its functions only. */
export type EmbedKeyTables = {
  embed_keys: Table<{
    id: string
    rep_id: string
    label: string
    key_hash: string
    created_at: string
    last_used_at: string | null
    revoked_at: string | null
  }>
}

/** A key as `embed_key_json` builds it; timestamps as Postgres writes them in JSON. */
export type EmbedKeyRow = { id: string; label: string; created_at: string; last_used_at: string | null }

/** The functions of the embed keys (`supabase/schema.sql`). */
export type EmbedKeyFunctions = {
  create_embed_key: {
    Args: { rep_id: string; label: string; key_hash: string; at: string }
    /** Null: the rep is disabled or gone. */
    Returns: EmbedKeyRow | null
  }
  list_embed_keys: { Args: { rep_id: string }; Returns: EmbedKeyRow[] }
  revoke_embed_key: { Args: { rep_id: string; id: string; at: string }; Returns: boolean }
  use_embed_key: {
    Args: { key_hash: string; at: string }
    /** Null: no live key with this hash, or its rep is disabled. */
    Returns: { id: string; label: string; rep_id: string; rep_name: string } | null
  }
  search_embed_prospects: {
    Args: { rep_id: string; query: string; max_rows: number }
    Returns: { slug: string; name: string; company_name: string }[]
  }
}
