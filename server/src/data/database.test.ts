import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import type { Database } from './database.ts'

// The Database type is written by hand (the functions answer jsonb, which Postgres does not describe),
// so this checks it against the migrated schema: the same tables with the same columns, types and
// nullability, and each function with the same arguments. The descriptions below are typed by
// Database, so the compiler refuses one that leaves out or invents a column or an argument.

type Schema = Database['public']
type PgType =
  | 'uuid'
  | 'text'
  | 'integer'
  | 'smallint'
  | 'boolean'
  | 'jsonb'
  | 'timestamp with time zone'
  /** `text[]`, as information_schema names an array. */
  | 'ARRAY'
  | 'bigint'
  | 'bytea'
  /** An array argument, as pg_get_function_arguments names it. */
  | 'text[]'
/** A column's Postgres type, with ` null` when it is nullable. */
type ColumnType = PgType | `${PgType} null`

const TABLES: { [T in keyof Schema['Tables']]: Record<keyof Schema['Tables'][T]['Row'], ColumnType> } = {
  prospects: {
    id: 'uuid',
    slug: 'text',
    name: 'text',
    company_name: 'text',
    template: 'text null',
    city: 'text null',
    services: 'text null',
    opening_hours: 'text null',
    website: 'text null',
    booking_link: 'text null',
    phone: 'text null',
    description: 'text null',
    logo: 'text null',
    theme_color: 'text null',
    first_message: 'text null',
    system: 'text null',
    assistant_id: 'text null',
    created_at: 'timestamp with time zone',
    owner_id: 'uuid null',
    created_by: 'uuid null',
    updated_by: 'uuid null',
    updated_at: 'timestamp with time zone',
  },
  reps: {
    id: 'uuid',
    email: 'text',
    role: 'text',
    password_hash: 'text null',
    disabled_at: 'timestamp with time zone null',
    created_at: 'timestamp with time zone',
    last_signed_in_at: 'timestamp with time zone null',
    display_name: 'text null',
    scheduling_url: 'text null',
    photo: 'text null',
  },
  rep_audit: {
    id: 'bigint',
    rep_id: 'uuid',
    actor_id: 'uuid null',
    action: 'text',
    at: 'timestamp with time zone',
    role: 'text null',
    ended_sessions: 'integer',
  },
  rep_sessions: {
    token_hash: 'text',
    rep_id: 'uuid',
    created_at: 'timestamp with time zone',
    last_seen_at: 'timestamp with time zone',
    expires_at: 'timestamp with time zone',
    ended_at: 'timestamp with time zone null',
  },
  rep_password_tokens: {
    token_hash: 'text',
    rep_id: 'uuid',
    created_at: 'timestamp with time zone',
    expires_at: 'timestamp with time zone',
    used_at: 'timestamp with time zone null',
  },
  rep_sign_in_attempts: {
    id: 'uuid',
    at: 'timestamp with time zone',
    email_key: 'text',
    address_key: 'text null',
    succeeded: 'boolean null',
  },
  engagement_rollups: {
    prospect_id: 'uuid',
    latest_at: 'timestamp with time zone',
    firsts: 'jsonb',
    visits: 'integer',
    talk_seconds: 'integer',
  },
  engagement_visit_rollups: {
    prospect_id: 'uuid',
    visit_key: 'text',
    latest_at: 'timestamp with time zone',
    opened: 'boolean',
    page_talk_seconds: 'integer',
    browser_talk_seconds: 'integer',
    phone_talk_seconds: 'integer',
  },
  prospect_audit: {
    id: 'uuid',
    prospect_id: 'uuid',
    slug: 'text',
    action: 'text',
    rep_id: 'uuid null',
    at: 'timestamp with time zone',
    changed: 'ARRAY',
    last_values: 'jsonb null',
  },
  rate_limit_counters: {
    bucket: 'text',
    window_seconds: 'integer',
    window_start: 'timestamp with time zone',
    hits: 'integer',
  },
  phone_call_attempts: {
    id: 'uuid',
    created_at: 'timestamp with time zone',
    finished_at: 'timestamp with time zone null',
    idempotency_key: 'text null',
    prospect_slug: 'text',
    country: 'text',
    number_hash: 'text',
    client_ip_hash: 'text null',
    assistant_id: 'text',
    outcome: 'text',
    http_status: 'smallint null',
    error_code: 'text null',
    error_message: 'text null',
    call_id: 'text null',
  },
  video_conversations: {
    id: 'uuid',
    created_at: 'timestamp with time zone',
    backend: 'text',
    prospect_slug: 'text null',
    client_ip_hash: 'text null',
    max_duration_seconds: 'integer',
    outcome: 'text',
    error_code: 'text null',
    platform_conversation_id: 'text null',
    end_requested_at: 'timestamp with time zone null',
    ended_at: 'timestamp with time zone null',
    end_result: 'text null',
  },
  engagement_events: {
    id: 'bigint',
    prospect_id: 'uuid',
    name: 'text',
    visit_id: 'text',
    detail: 'jsonb',
    address_key: 'text null',
    at: 'timestamp with time zone',
  },
  call_reports: {
    call_id: 'text',
    prospect_id: 'uuid',
    visit_id: 'text null',
    source: 'text',
    started_at: 'timestamp with time zone null',
    ended_at: 'timestamp with time zone null',
    seconds: 'integer null',
    ended_reason: 'text null',
    summary: 'text null',
    transcript: 'jsonb',
    received_at: 'timestamp with time zone',
  },
  notification_outbox: {
    id: 'bigint',
    prospect_id: 'uuid',
    kind: 'text',
    dedupe_key: 'text',
    text: 'text',
    created_at: 'timestamp with time zone',
    attempts: 'integer',
    next_attempt_at: 'timestamp with time zone',
    lease_until: 'timestamp with time zone null',
    sent_at: 'timestamp with time zone null',
    failed_at: 'timestamp with time zone null',
    last_error: 'text null',
  },
  website_images: {
    id: 'text',
    content_type: 'text',
    bytes: 'bytea',
    width: 'integer',
    height: 'integer',
    source_url: 'text',
    created_at: 'timestamp with time zone',
  },
  website_reads: {
    prospect_id: 'uuid',
    import_job_id: 'uuid null',
    website: 'text',
    status: 'text',
    error: 'text null',
    filled: 'ARRAY',
    attempts: 'integer',
    lease_until: 'timestamp with time zone null',
    queued_at: 'timestamp with time zone',
    updated_at: 'timestamp with time zone',
  },
  demo_calls: {
    call_id: 'text',
    prospect_id: 'uuid',
    visit_id: 'text null',
    source: 'text',
    tool_calls: 'integer',
    window_started_at: 'timestamp with time zone',
    window_calls: 'integer',
    created_at: 'timestamp with time zone',
  },
  demo_actions: {
    id: 'bigint',
    call_id: 'text',
    tool_call_id: 'text',
    tool: 'text',
    kind: 'text null',
    detail: 'jsonb null',
    result: 'text',
    created_at: 'timestamp with time zone',
  },
  demo_appointments: {
    scope: 'text',
    reference: 'text',
    prospect_id: 'uuid',
    start: 'text',
    minutes: 'integer',
    name: 'text',
    reason: 'text null',
    cancelled: 'boolean',
    created_at: 'timestamp with time zone',
  },
  import_jobs: {
    id: 'uuid',
    rep_id: 'uuid null',
    idempotency_key: 'text',
    file_hash: 'text',
    status: 'text',
    total: 'integer',
    done: 'integer',
    result: 'jsonb null',
    slugs: 'ARRAY null',
    error: 'text null',
    created_at: 'timestamp with time zone',
    updated_at: 'timestamp with time zone',
  },
  import_job_rows: {
    job_id: 'uuid',
    ordinal: 'integer',
    prospect: 'jsonb',
  },
  first_admin_tokens: {
    token_hash: 'text',
    created_at: 'timestamp with time zone',
    expires_at: 'timestamp with time zone',
  },
}

const FUNCTIONS: { [F in keyof Schema['Functions']]: Record<keyof Schema['Functions'][F]['Args'], PgType> } =
  {
    check_rate_limits: { buckets: 'jsonb' },
    claim_phone_call_attempt: {
      idempotency_key: 'text',
      prospect_slug: 'text',
      country: 'text',
      number_hash: 'text',
      client_ip_hash: 'text',
      assistant_id: 'text',
      buckets: 'jsonb',
      retention_days: 'integer',
      stale_after_seconds: 'integer',
    },
    finish_phone_call_attempt: {
      attempt_id: 'uuid',
      outcome: 'text',
      http_status: 'integer',
      error_code: 'text',
      error_message: 'text',
      call_id: 'text',
      release_buckets: 'jsonb',
    },
    begin_video_conversation: {
      backend: 'text',
      prospect_slug: 'text',
      client_ip_hash: 'text',
      max_duration_seconds: 'integer',
      retention_days: 'integer',
    },
    finish_video_conversation: {
      conversation_id: 'uuid',
      outcome: 'text',
      platform_conversation_id: 'text',
      error_code: 'text',
    },
    claim_video_conversation_end: { conversation_id: 'uuid' },
    finish_video_conversation_end: { conversation_id: 'uuid', end_result: 'text' },
    settle_interrupted_calls: { older_than_seconds: 'integer' },
    prune_call_records: { retention_days: 'integer', max_rows: 'integer' },
    upsert_prospects: { prospects: 'jsonb', rep_id: 'uuid' },
    list_prospects: { after_slug: 'text', page_size: 'integer' },
    delete_prospect: { slug: 'text', rep_id: 'uuid' },
    add_rep: {
      email: 'text',
      role: 'text',
      token_hash: 'text',
      at: 'timestamp with time zone',
      expires_at: 'timestamp with time zone',
    },
    reset_rep_password: {
      email: 'text',
      token_hash: 'text',
      at: 'timestamp with time zone',
      expires_at: 'timestamp with time zone',
    },
    set_rep_disabled: { email: 'text', disabled: 'boolean', at: 'timestamp with time zone' },
    list_reps: {},
    rep_profile: { rep_id: 'uuid' },
    set_rep_profile: { rep_id: 'uuid', display_name: 'text', scheduling_url: 'text', photo: 'text' },
    prospect_rep_booking: { slug: 'text' },
    rep_may_manage: { actor_id: 'uuid' },
    invite_rep: {
      email: 'text',
      role: 'text',
      token_hash: 'text',
      at: 'timestamp with time zone',
      expires_at: 'timestamp with time zone',
      actor_id: 'uuid',
    },
    send_rep_password_link: {
      rep_id: 'uuid',
      token_hash: 'text',
      at: 'timestamp with time zone',
      expires_at: 'timestamp with time zone',
      actor_id: 'uuid',
    },
    update_rep: {
      rep_id: 'uuid',
      role: 'text',
      disabled: 'boolean',
      at: 'timestamp with time zone',
      actor_id: 'uuid',
    },
    list_team: {},
    list_rep_history: { rep_id: 'uuid', max_rows: 'integer' },
    begin_rep_sign_in: {
      email_key: 'text',
      address_key: 'text',
      at: 'timestamp with time zone',
      window_seconds: 'integer',
      email_limit: 'integer',
      address_limit: 'integer',
    },
    end_rep_sign_in: {
      attempt_id: 'uuid',
      rep_id: 'uuid',
      token_hash: 'text',
      at: 'timestamp with time zone',
      expires_at: 'timestamp with time zone',
    },
    touch_rep_session: { token_hash: 'text', at: 'timestamp with time zone', idle_seconds: 'integer' },
    end_rep_session: { token_hash: 'text', at: 'timestamp with time zone' },
    set_rep_password: {
      token_hash: 'text',
      password_hash: 'text',
      session_token_hash: 'text',
      at: 'timestamp with time zone',
      session_expires_at: 'timestamp with time zone',
    },
    create_prospect: { fields: 'jsonb', rep_id: 'uuid', owner_id: 'uuid' },
    update_prospect: {
      slug: 'text',
      fields: 'jsonb',
      rep_id: 'uuid',
      owner_id: 'uuid',
      set_owner: 'boolean',
    },
    list_rep_prospects: {
      query: 'text',
      sort: 'text',
      descending: 'boolean',
      owner_id: 'uuid',
      page_offset: 'integer',
      page_size: 'integer',
    },
    list_prospect_history: { slug: 'text', max_rows: 'integer' },
    get_rep_prospect: { slug: 'text' },
    list_refused_slugs: { rep_id: 'uuid', slugs: 'jsonb' },
    list_deleted_prospects: { page_offset: 'integer', page_size: 'integer' },
    get_deleted_prospect: { prospect_id: 'uuid', max_rows: 'integer' },
    record_events: {
      batches: 'jsonb',
      address_limit: 'integer',
      prospect_limit: 'integer',
      dedupe_minutes: 'integer',
      link_prefix: 'text',
      at: 'timestamp with time zone',
    },
    prune_engagement: { retention_days: 'integer', max_rows: 'integer' },
    list_prospect_activity: {
      query: 'text',
      owner_id: 'uuid',
      stage: 'text',
      hot_only: 'boolean',
      at: 'timestamp with time zone',
      rules: 'jsonb',
      page_offset: 'integer',
      page_size: 'integer',
    },
    get_prospect_timeline: {
      slug: 'text',
      at: 'timestamp with time zone',
      rules: 'jsonb',
      max_entries: 'integer',
    },
    record_call_report: {
      call_id: 'text',
      prospect_slug: 'text',
      visit_id: 'text',
      source: 'text',
      started_at: 'timestamp with time zone',
      ended_at: 'timestamp with time zone',
      seconds: 'integer',
      ended_reason: 'text',
      summary: 'text',
      transcript: 'jsonb',
      nudge_dedupe_minutes: 'integer',
      link: 'text',
      at: 'timestamp with time zone',
    },
    claim_nudges: { max_rows: 'integer', lease_seconds: 'integer', at: 'timestamp with time zone' },
    finish_nudge: { id: 'bigint', ok: 'boolean', error: 'text', at: 'timestamp with time zone' },
    release_nudge_leases: {},
    prospect_field_list: { prefix: 'text' },
    queue_website_reads: { slugs: 'text[]', import_job_id: 'uuid', at: 'timestamp with time zone' },
    claim_website_reads: { max_rows: 'integer', lease_seconds: 'integer', at: 'timestamp with time zone' },
    finish_website_read: {
      prospect_id: 'uuid',
      website: 'text',
      facts: 'jsonb',
      error: 'text',
      at: 'timestamp with time zone',
    },
    website_read_row: { prospect_id: 'uuid' },
    begin_demo_tool_call: {
      call_id: 'text',
      slug: 'text',
      visit_id: 'text',
      source: 'text',
      tool_call_id: 'text',
      at: 'timestamp with time zone',
      max_per_call: 'integer',
      max_per_window: 'integer',
      window_seconds: 'integer',
    },
    record_demo_action: {
      call_id: 'text',
      scope: 'text',
      tool_call_id: 'text',
      tool: 'text',
      kind: 'text',
      detail: 'jsonb',
      result: 'text',
      change: 'jsonb',
      at: 'timestamp with time zone',
    },
    list_demo_actions: { call_id: 'text', slug: 'text', visit_id: 'text', after_id: 'bigint' },
    prune_demo_calls: { before: 'timestamp with time zone' },
    website_read_progress: { import_job_id: 'uuid', max_failures: 'integer' },
    begin_import_job: {
      rep_id: 'uuid',
      idempotency_key: 'text',
      file_hash: 'text',
      total: 'integer',
      at: 'timestamp with time zone',
      stale_seconds: 'integer',
      stale_error: 'text',
      retention_days: 'integer',
    },
    stage_import_rows: {
      job_id: 'uuid',
      first_position: 'integer',
      prospects: 'jsonb',
      at: 'timestamp with time zone',
    },
    apply_import_job: { job_id: 'uuid', at: 'timestamp with time zone' },
    fail_import_job: { job_id: 'uuid', error: 'text', at: 'timestamp with time zone' },
    get_import_job: {
      job_id: 'uuid',
      at: 'timestamp with time zone',
      stale_seconds: 'integer',
      stale_error: 'text',
    },
    settle_stale_import_jobs: {
      job_id: 'uuid',
      at: 'timestamp with time zone',
      stale_seconds: 'integer',
      error: 'text',
    },
    open_first_admin_setup: {
      token_hash: 'text',
      at: 'timestamp with time zone',
      expires_at: 'timestamp with time zone',
    },
    create_first_admin: {
      token_hash: 'text',
      email: 'text',
      password_hash: 'text',
      session_token_hash: 'text',
      at: 'timestamp with time zone',
      session_expires_at: 'timestamp with time zone',
    },
  }

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())

it('has exactly the tables and columns of the migrated schema', async () => {
  const { rows } = await backend.db.query<{ table: string; column: string; type: string; nullable: string }>(
    `select table_name as table, column_name as column, data_type as type, is_nullable as nullable
       from information_schema.columns where table_schema = 'public'`,
  )
  const actual: Record<string, Record<string, string>> = {}
  for (const { table, column, type, nullable } of rows) {
    actual[table] = { ...actual[table], [column]: nullable === 'YES' ? `${type} null` : type }
  }
  expect(actual).toEqual(TABLES)
})

it('declares each function the server calls with the arguments it has in the database', async () => {
  const { rows } = await backend.db.query<{ name: string; args: string }>(
    `select p.proname as name, pg_get_function_identity_arguments(p.oid) as args
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
  )
  for (const [name, args] of Object.entries(FUNCTIONS)) {
    const expected = Object.entries(args)
      .map(([arg, type]) => `${arg} ${type}`)
      .sort()
    // Overloads may remain from older migrations: one of them is the one declared.
    const overloads = rows
      .filter((row) => row.name === name)
      .map((row) => (row.args === '' ? [] : row.args.split(', ').sort()))
    expect(overloads, name).toContainEqual(expected)
  }
})
