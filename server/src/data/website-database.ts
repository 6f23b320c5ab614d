import type { WebsiteReadRow } from '#core/website-reading.ts'
import type { Table } from './rep-database.ts'

/**
 * The website reader's part of the Database type (database.ts): the logos kept on our side and the
 * readings imports queue (`supabase/schema.sql`). `Returns` are what each function builds.
 */
export type WebsiteTables = {
  website_images: Table<{
    /** The sha256 of `bytes`, in hex: the logo's address, which never changes. */
    id: string
    content_type: string
    bytes: Uint8Array
    width: number
    height: number
    source_url: string
    created_at: string
  }>
  website_reads: Table<{
    prospect_id: string
    import_job_id: string | null
    website: string
    status: WebsiteReadRow['status']
    error: string | null
    filled: string[]
    attempts: number
    lease_until: string | null
    queued_at: string
    updated_at: string
  }>
}

/** A reading a server took: the prospect and the address to read. */
export interface ClaimedWebsiteRead {
  prospect_id: string
  website: string
}

export interface WebsiteReadProgressRow {
  total: number
  read: number
  failed: number
  pending: number
  failures: WebsiteReadRow[]
}

export type WebsiteFunctions = {
  prospect_field_list: { Args: { prefix?: string }; Returns: string }
  queue_website_reads: {
    Args: { slugs: string[]; import_job_id: string | null; at: string }
    Returns: number
  }
  claim_website_reads: {
    Args: { max_rows: number; lease_seconds: number; at: string }
    Returns: ClaimedWebsiteRead[]
  }
  /** `facts`: field → value; `error`: why the site could not be read (then no facts). */
  finish_website_read: {
    Args: {
      prospect_id: string
      website: string
      facts: Record<string, string> | null
      error: string | null
      at: string
    }
    Returns: { status: 'read' | 'failed' | 'gone' | 'website_changed'; filled?: string[] }
  }
  website_read_row: { Args: { prospect_id: string }; Returns: WebsiteReadRow | null }
  website_read_progress: {
    Args: { import_job_id: string; max_failures: number }
    Returns: WebsiteReadProgressRow
  }
}
