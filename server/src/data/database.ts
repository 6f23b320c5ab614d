import type { SupabaseClient } from '@supabase/supabase-js'
import type { ProspectField } from '#core/prospect-fields.ts'
import type { CallRecordCounts } from './call-records.ts'
import type { EngagementTables } from './engagement-database.ts'
import type { EventFunctions } from './events-database.ts'
import type { OutboxFunctions } from './outbox-database.ts'
import type { AttemptClaim } from './phone-call-attempts.ts'
import type { RateLimitBucket, RateLimitResult } from './rate-limits.ts'
import type { RepFunctions, RepTables, Table } from './rep-database.ts'
import type { EndClaim } from './video-conversations.ts'

/**
 * The database as the server reads and writes it (supabase/migrations/): its tables and the functions
 * it calls, in the shape supabase-js types its queries by, so query results need no casts. The
 * functions answer `jsonb`, which Postgres does not describe: their `Returns` are what each function
 * builds (`jsonb_build_object`), checked by the tests that call them. database.test.ts checks the
 * tables' columns and the functions' arguments against the migrated schema, so this cannot drift.
 */
export type Database = {
  public: {
    Tables: RepTables &
      EngagementTables & {
        prospects: Table<{
          id: string
          slug: string
          name: string
          company_name: string
          /** The agent template's name; null: the general one. */
          template: string | null
          city: string | null
          services: string | null
          opening_hours: string | null
          website: string | null
          booking_link: string | null
          /** The rep's own first message, in place of the template's; null: the template's. */
          first_message: string | null
          /** The rep's own system prompt, in place of the template's; null: the template's. */
          system: string | null
          assistant_id: string | null
          created_at: string
          /** The rep who owns it; null: nobody (made by the command line, or before reps). */
          owner_id: string | null
          created_by: string | null
          updated_by: string | null
          updated_at: string
        }>
        rate_limit_counters: Table<{
          bucket: string
          window_seconds: number
          window_start: string
          hits: number
        }>
        phone_call_attempts: Table<{
          id: string
          created_at: string
          finished_at: string | null
          idempotency_key: string | null
          prospect_slug: string
          country: string
          number_hash: string
          client_ip_hash: string | null
          assistant_id: string
          outcome: string
          http_status: number | null
          error_code: string | null
          error_message: string | null
          call_id: string | null
        }>
        video_conversations: Table<{
          id: string
          created_at: string
          backend: string
          prospect_slug: string | null
          client_ip_hash: string | null
          max_duration_seconds: number
          outcome: string
          error_code: string | null
          platform_conversation_id: string | null
          end_requested_at: string | null
          ended_at: string | null
          end_result: string | null
        }>
      }
    Views: Record<never, never>
    Functions: RepFunctions &
      EventFunctions &
      OutboxFunctions & {
        check_rate_limits: { Args: { buckets: readonly RateLimitBucket[] }; Returns: RateLimitResult }
        claim_phone_call_attempt: {
          Args: {
            idempotency_key: string
            prospect_slug: string
            country: string
            number_hash: string
            client_ip_hash: string | null
            assistant_id: string
            buckets: readonly RateLimitBucket[]
            retention_days: number
            stale_after_seconds: number
          }
          Returns: AttemptClaim
        }
        finish_phone_call_attempt: {
          Args: {
            attempt_id: string
            outcome: string
            http_status: number
            error_code: string | null
            error_message: string | null
            call_id: string | null
            release_key: boolean
          }
          Returns: unknown
        }
        begin_video_conversation: {
          Args: {
            backend: string
            prospect_slug: string | null
            client_ip_hash: string | null
            max_duration_seconds: number
            retention_days: number
          }
          /** The new conversation's id. */
          Returns: string
        }
        finish_video_conversation: {
          Args: {
            conversation_id: string
            outcome: string
            platform_conversation_id: string | null
            error_code: string | null
          }
          Returns: unknown
        }
        claim_video_conversation_end: { Args: { conversation_id: string }; Returns: EndClaim }
        finish_video_conversation_end: {
          Args: { conversation_id: string; end_result: string | null }
          Returns: unknown
        }
        settle_interrupted_calls: { Args: { older_than_seconds: number }; Returns: CallRecordCounts }
        prune_call_records: { Args: { retention_days: number; max_rows: number }; Returns: CallRecordCounts }
        /** `rep_id`: the importing rep, absent or null for the command line. */
        upsert_prospects: {
          Args: { prospects: readonly ProspectRow[]; rep_id?: string | null }
          Returns: UpsertCounts
        }
        list_prospects: {
          Args: { after_slug: string | null; page_size: number }
          Returns: ProspectSummary[]
        }
        delete_prospect: { Args: { slug: string; rep_id?: string | null }; Returns: { deleted: boolean } }
      }
    Enums: Record<never, never>
    CompositeTypes: Record<never, never>
  }
}

/** The supabase-js client of this database, as every server module receives it. */
export type Db = SupabaseClient<Database>

type ProspectTable = Database['public']['Tables']['prospects']['Row']

/** A prospect's own fields (no id, no stamps): what the prospects CSV holds and `upsert_prospects` writes. */
export type ProspectRow = Pick<ProspectTable, ProspectField>

/** What an import did, row by row: `upsert_prospects`'s answer. */
export type UpsertCounts = { inserted: number; updated: number; unchanged: number }

/** One line of the prospects list (`list_prospects`). */
export type ProspectSummary = Pick<ProspectRow, 'slug' | 'name' | 'company_name' | 'assistant_id'>
