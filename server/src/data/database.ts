import type { ProspectRefusal } from '#core/ownership.ts'
import type { ProspectField } from '#core/prospect-fields.ts'
import type { BulkFunctions, BulkTables } from './bulk-database.ts'
import type {
  AttemptClaim,
  CallRecordCounts,
  EndClaim,
  RateLimitBucket,
  RateLimitResult,
} from './call-database.ts'
import type { DemoFunctions, DemoTables } from './demo-database.ts'
import type { EmbedKeyFunctions, EmbedKeyTables } from './embed-key-database.ts'
import type { EngagementTables } from './engagement-database.ts'
import type { EventFunctions } from './events-database.ts'
import type { FirstAdminFunctions, FirstAdminTables } from './first-admin-database.ts'
import type { ImportJobFunctions, ImportJobTables } from './import-job-database.ts'
import type { MailFunctions, MailTables } from './mail-database.ts'
import type { OutboxFunctions } from './outbox-database.ts'
import type { OutreachFunctions, OutreachTables } from './outreach-database.ts'
import type { RepFunctions, RepTables, Table } from './rep-database.ts'
import type { TeamFunctions, TeamTables } from './team-database.ts'
import type { WebhookFunctions, WebhookTables } from './webhook-database.ts'
import type { WebsiteFunctions, WebsiteTables } from './website-database.ts'

/**
 * The database as the server reads and writes it (supabase/migrations/): its tables and the functions
 * it calls. The functions answer `jsonb`, which Postgres does not describe: their `Returns` are what
 * each function builds (`jsonb_build_object`), checked by the tests that call them. database.test.ts
 * checks the tables' columns and the functions' arguments against the migrated schema, so this cannot
 * drift.
 */
export type Database = {
  public: {
    Tables: RepTables &
      BulkTables &
      OutreachTables &
      TeamTables &
      EngagementTables &
      FirstAdminTables &
      ImportJobTables &
      WebsiteTables &
      MailTables &
      WebhookTables &
      EmbedKeyTables &
      DemoTables & {
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
          phone: string | null
          description: string | null
          /** A row of website_images: the business's logo as we keep it. */
          logo: string | null
          /** `#rrggbb`. */
          theme_color: string | null
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
      BulkFunctions &
      OutreachFunctions &
      TeamFunctions &
      EventFunctions &
      FirstAdminFunctions &
      OutboxFunctions &
      MailFunctions &
      WebhookFunctions &
      ImportJobFunctions &
      WebsiteFunctions &
      EmbedKeyFunctions &
      DemoFunctions & {
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
            /** The claim's buckets, to give their slots back (nothing was dialled); null: keep them. */
            release_buckets: readonly RateLimitBucket[] | null
          }
          Returns: { recorded: boolean; released: number }
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
        /** `rep_id`: the deleting rep, absent or null for the command line; `refusal`: the rep may not. */
        delete_prospect: {
          Args: { slug: string; rep_id?: string | null }
          Returns: { deleted: boolean; refusal?: ProspectRefusal }
        }
      }
    Enums: Record<never, never>
    CompositeTypes: Record<never, never>
  }
}

/**
 * The one door to the database for all data code: a statement and its parameters in, its rows out.
 * The embedded PGlite (in this thread or its own, db/database-thread.ts) and PostgreSQL through
 * postgres.js (db/postgres-database.ts) both answer it; parameters are sent as the statement's
 * types want them (objects and arrays as JSON for `jsonb`), timestamps come back as Date and `jsonb`
 * parsed.
 */
export interface Db {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
}

type Functions = Database['public']['Functions']
export type FunctionName = keyof Functions

/** A database function refused or could not run; `code` is Postgres's SQLSTATE when it answered one. */
export class DatabaseError extends Error {
  override readonly name = 'DatabaseError'
  readonly code: string | undefined
  constructor(message: string, options: ErrorOptions & { code?: string | undefined }) {
    super(message, options)
    this.code = options.code
  }
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/

/**
 * The statement that calls `public.<fn>` with the named arguments, their values as `$1`, `$2`, … in
 * this order. The database socket (db/database-socket.ts) runs such a call for the commands and
 * recognises it as the text this builds.
 */
export function functionCallSql(fn: string, argNames: readonly string[]): string {
  if (![fn, ...argNames].every((name) => IDENTIFIER.test(name))) {
    throw new Error(`Not a function call of ours: ${fn}`)
  }
  const list = argNames.map((name, i) => `"${name}" => $${i + 1}`).join(', ')
  return `select public.${fn}(${list}) as result`
}

/**
 * Calls `public.<fn>` with named arguments (an absent one takes the function's default) and answers
 * what it returns. Every write the server makes is one such call, one transaction in Postgres. A
 * failure is a DatabaseError naming the function and what Postgres said: the app answers it as
 * `unavailable`, the command line prints it.
 */
export async function callFunction<F extends FunctionName>(
  db: Db,
  fn: F,
  args: Functions[F]['Args'],
): Promise<Functions[F]['Returns']> {
  const entries = Object.entries(args as Record<string, unknown>).filter(([, value]) => value !== undefined)
  const text = functionCallSql(
    fn,
    entries.map(([name]) => name),
  )
  try {
    const { rows } = await db.query<{ result: Functions[F]['Returns'] }>(
      text,
      entries.map(([, value]) => value),
    )
    return rows[0]?.result as Functions[F]['Returns']
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
    throw new DatabaseError(`${fn}: ${typeof message === 'string' ? message : String(error)}`, {
      cause: error,
      code: typeof code === 'string' ? code : undefined,
    })
  }
}

type ProspectTable = Database['public']['Tables']['prospects']['Row']

/** A prospect's own fields (no id, no stamps): what the prospects CSV holds and `upsert_prospects` writes. */
export type ProspectRow = Pick<ProspectTable, ProspectField>

/** What an import did, row by row: `upsert_prospects`'s answer. */
export type UpsertCounts = { inserted: number; updated: number; unchanged: number }

/** One line of the prospects list (`list_prospects`). */
export type ProspectSummary = Pick<ProspectRow, 'slug' | 'name' | 'company_name' | 'assistant_id'>
