import type { EngagementStage, EventName } from '#core/engagement.ts'
import type { ProspectRefusal } from '#core/ownership.ts'
import type { AuditAction, ProspectFields, Rep, RepNudgeMail, RepRole } from '#core/rep-api.ts'
import type { DemoActionRow } from './demo-database.ts'

/**
 * The reps' part of the Database type (database.ts): their tables and functions
 * (`supabase/schema.sql`). `Returns` are what each function builds; timestamps arrive as Postgres
 * writes them in JSON, to be read with `new Date()`.
 */
export type RepTables = {
  reps: Table<{
    id: string
    email: string
    role: RepRole
    password_hash: string | null
    disabled_at: string | null
    created_at: string
    /** The latest sign-in or password set with a link; null: never. */
    last_signed_in_at: string | null
    /** The name prospects see beside "Book a call"; null: none given. */
    display_name: string | null
    /** The rep's own scheduling page; null: prospects get the team's. */
    scheduling_url: string | null
    /** Their photo: the id of a row of website_images; null: none. */
    photo: string | null
    /** Their prospects' nudges by email: 'also' with the chat, 'only' instead of it, 'off'. */
    nudge_mail: 'off' | 'also' | 'only'
  }>
  rep_sessions: Table<{
    token_hash: string
    rep_id: string
    created_at: string
    last_seen_at: string
    expires_at: string
    ended_at: string | null
  }>
  rep_password_tokens: Table<{
    token_hash: string
    rep_id: string
    created_at: string
    expires_at: string
    used_at: string | null
  }>
  rep_sign_in_attempts: Table<{
    id: string
    at: string
    email_key: string
    address_key: string | null
    succeeded: boolean | null
  }>
  /** Each prospect's engagement summed up (`supabase/schema.sql`); written by triggers only. */
  engagement_rollups: Table<{
    prospect_id: string
    latest_at: string
    firsts: Record<string, string>
    visits: number
    talk_seconds: number
  }>
  /** Each visit's part of those totals (`supabase/schema.sql`); written by triggers only. */
  engagement_visit_rollups: Table<{
    prospect_id: string
    /** The visit id, or '' for the call reports that came without one. */
    visit_key: string
    latest_at: string
    opened: boolean
    page_talk_seconds: number
    browser_talk_seconds: number
    phone_talk_seconds: number
  }>
  prospect_audit: Table<{
    id: string
    prospect_id: string
    slug: string
    action: AuditAction
    rep_id: string | null
    at: string
    changed: string[]
    /**
     * On a 'delete' entry: the prospect as it was (a bulk delete's also when it was made, to bring it
     * back as it was); null on the others and on older deletions.
     */
    last_values: { fields: ProspectFields; owner_id: string | null; created_at?: string } | null
    /** On a 'delete' entry of a bulk delete: its batch, to bring it back together. */
    batch_id: string | null
  }>
}

export type RepFunctions = {
  /** The command line's: `invite_rep` (team-database.ts) with no actor. */
  add_rep: {
    Args: { email: string; role: RepRole; token_hash: string; at: string; expires_at: string }
    Returns: { added: boolean; rep: Rep }
  }
  /** The command line's: `send_rep_password_link` by email, with no actor. */
  reset_rep_password: {
    Args: { email: string; token_hash: string; at: string; expires_at: string }
    Returns: { rep: Rep; disabled: boolean; ended_sessions: number } | null
  }
  /** The command line's: `update_rep` by email, with no actor; `last_admin`: refused, nothing changed. */
  set_rep_disabled: {
    Args: { email: string; disabled: boolean; at: string }
    Returns: {
      status: 'updated' | 'unchanged' | 'last_admin'
      rep: Rep
      changed: boolean
      ended_sessions: number
    } | null
  }
  list_reps: { Args: Record<never, never>; Returns: RepListRow[] }
  /** A rep's profile; null for an unknown rep. */
  rep_profile: { Args: { rep_id: string }; Returns: RepProfileRow | null }
  /** Replaces the three fields (null clears one); null when the rep is unknown or disabled. */
  set_rep_profile: {
    Args: { rep_id: string; display_name: string | null; scheduling_url: string | null; photo: string | null }
    Returns: RepProfileRow | null
  }
  /** The rep's choice of nudges by email; null for an unknown rep. */
  set_rep_nudge_mail: { Args: { rep_id: string; choice: RepNudgeMail }; Returns: RepNudgeMail | null }
  /** What a prospect's page may show of its owner, when the owner is enabled and gave a scheduling link. */
  prospect_rep_booking: { Args: { slug: string }; Returns: RepProfileRow | null }
  begin_rep_sign_in: {
    Args: {
      email_key: string
      address_key: string | null
      at: string
      window_seconds: number
      email_limit: number
      address_limit: number
    }
    Returns: { allowed: boolean; retry_after_seconds: number; attempt_id: string | null }
  }
  end_rep_sign_in: {
    Args: {
      attempt_id: string
      rep_id: string | null
      token_hash: string | null
      at: string
      expires_at: string
    }
    Returns: Rep | null
  }
  touch_rep_session: { Args: { token_hash: string; at: string; idle_seconds: number }; Returns: Rep | null }
  end_rep_session: { Args: { token_hash: string; at: string }; Returns: { ended: boolean } }
  set_rep_password: {
    Args: {
      token_hash: string
      password_hash: string
      session_token_hash: string
      at: string
      session_expires_at: string
    }
    Returns: Rep | null
  }
  create_prospect: {
    Args: { fields: ProspectFields; rep_id: string; owner_id: string | null }
    Returns: { status: 'created' | 'slug_taken' | 'owner_unknown' } | ProspectRefusal
  }
  update_prospect: {
    Args: {
      slug: string
      /** Null: the fields stay as they are (a change of owner alone). */
      fields: ProspectFields | null
      rep_id: string
      owner_id: string | null
      set_owner: boolean
    }
    Returns:
      | {
          status: 'updated' | 'unchanged' | 'not_found' | 'slug_taken' | 'owner_unknown' | 'fallback'
          slug?: string
          changed?: string[]
        }
      | ProspectRefusal
  }
  list_rep_prospects: {
    Args: {
      query: string
      sort: string
      descending: boolean
      owner_id: string | null
      page_offset: number
      page_size: number
    }
    Returns: { total: number; prospects: RepProspectListRow[] }
  }
  list_prospect_history: { Args: { slug: string; max_rows: number }; Returns: AuditRow[] }
  get_rep_prospect: { Args: { slug: string }; Returns: RepProspectRecord | null }
  /** The prospects among `slugs` the rep may not change; empty for an admin. */
  list_refused_slugs: { Args: { rep_id: string; slugs: readonly string[] }; Returns: RefusedSlug[] }
  prospect_rights: { Args: { rep_id: string; slugs: readonly string[] }; Returns: ProspectRightsRow[] }
  list_deleted_prospects: {
    Args: { page_offset: number; page_size: number }
    Returns: { total: number; prospects: DeletedProspectRow[] }
  }
  get_deleted_prospect: {
    Args: { prospect_id: string; max_rows: number }
    Returns: DeletedProspectRecord | null
  }
  list_prospect_activity: {
    Args: {
      query: string
      owner_id: string | null
      stage: EngagementStage | null
      hot_only: boolean
      at: string
      rules: EngagementRules
      page_offset: number
      /** null: every match. */
      page_size: number | null
    }
    Returns: { total: number; prospects: ActivityListRow[] }
  }
  get_prospect_timeline: {
    Args: { slug: string; at: string; rules: EngagementRules; max_entries: number }
    Returns: TimelineRecord | null
  }
  get_activity_funnel: {
    Args: {
      query: string
      owner_id: string | null
      /** The period, from `since` up to (not including) `until`. */
      since: string
      until: string
      /** How many weeks the trend shows, ending with the one `until` falls in (1 to 26). */
      weeks: number
      rules: EngagementRules
    }
    Returns: FunnelRow[]
  }
  /** Builds the funnel's stage times when `rules` are not the ones they were built with (at start, and by the funnel). */
  ensure_stage_times: { Args: { rules: EngagementRules }; Returns: null }
}

/**
 * A line of `get_activity_funnel`: `n` prospects reached stage `rank` (0-based, in the order of
 * ENGAGEMENT_STAGES) or further, in group `key` of `dim`; a group with none has no line.
 */
export type FunnelRow = {
  dim: 'total' | 'week' | 'rep' | 'kind' | 'site'
  /** null for the total; a week's Monday (YYYY-MM-DD), a rep's id, a template, an origin; '' for none. */
  key: string | null
  /** A rep's email; null for every other dimension. */
  label: string | null
  rank: number
  n: number
}

/**
 * The stage and hot rules' constants as the activity functions take them
 * (`supabase/schema.sql`): the SQL holds the arithmetic, core/engagement.ts the numbers.
 */
export type EngagementRules = {
  stages: readonly EngagementStage[]
  /** Null: the name reaches no stage (a page's claim). */
  stage_of_event: Record<EventName, EngagementStage | null>
  stage_of_call: Record<'browser' | 'phone', EngagementStage>
  hot_within_hours: number
  hot_min_stage: EngagementStage
  hot_min_visits: number
  hot_min_talk_seconds: number
}

/** A line of `list_prospect_activity`. */
export type ActivityListRow = {
  slug: string
  name: string
  company_name: string
  owner: Rep | null
  latest_at: string | null
  stage: EngagementStage
  hot: boolean
  visits: number
  talk_seconds: number
}

/** `get_prospect_timeline`'s answer; entries newest first, timestamps as Postgres writes them. */
export type TimelineRecord = {
  slug: string
  stage: EngagementStage
  hot: boolean
  entries: (
    | { kind: 'event'; at: string; name: EventName; visit: string; detail: Record<string, string | number> }
    | {
        kind: 'call_report'
        at: string
        source: 'browser' | 'phone'
        seconds: number | null
        ended_reason: string | null
        summary: string | null
        transcript: { speaker: 'agent' | 'prospect'; text: string }[]
        /** A team call (`list_team_call_reports`), merged in by the server. */
        team?: true
      }
    | {
        kind: 'demo_action'
        at: string
        id: number
        source: 'browser' | 'phone'
        action_kind: DemoActionRow['kind']
        detail: unknown
      }
  )[]
}

/** A line of `list_reps`. */
/** A rep's profile as the database answers it (rep_profile, prospect_rep_booking). */
export type RepProfileRow = { name: string | null; scheduling_url: string | null; photo: string | null }

export type RepListRow = Rep & { disabled: boolean; password_set: boolean; created_at: string }

/** A line of `list_rep_prospects`. */
export type RepProspectListRow = {
  slug: string
  name: string
  company_name: string
  owner: Rep | null
  updated_at: string
  updated_by: Rep | null
}

/** An entry of `list_prospect_history`, newest first. */
export type AuditRow = { action: AuditAction; slug: string; at: string; rep: Rep | null; changed: string[] }

/** A line of `prospect_rights`: what the rep may do with one prospect (core/ownership.ts). */
export type ProspectRightsRow = {
  slug: string
  change: boolean
  take_over: boolean
  reassign: boolean
  refusal: ProspectRefusal | null
}

/** A line of `list_refused_slugs`. */
export type RefusedSlug = { slug: string; owner: Rep | null }

/** A line of `list_deleted_prospects`; `name` and `company_name` null for deletions before they were kept. */
export type DeletedProspectRow = {
  id: string
  slug: string
  name: string | null
  company_name: string | null
  owner: Rep | null
  deleted_at: string
  deleted_by: Rep | null
  /** The bulk delete it was part of; null for one deleted alone. */
  batch_id: string | null
}

/** `get_deleted_prospect`'s answer. */
export type DeletedProspectRecord = Omit<DeletedProspectRow, 'name' | 'company_name'> & {
  fields: ProspectFields | null
  history: AuditRow[]
}

/** `get_rep_prospect`'s answer. */
export type RepProspectRecord = {
  fields: ProspectFields
  owner: Rep | null
  created_at: string
  created_by: Rep | null
  updated_at: string
  updated_by: Rep | null
}

/** A table the server reads with `.from()`; rows are written only through the functions. */
export type Table<Row> = { Row: Row; Insert: Partial<Row>; Update: Partial<Row>; Relationships: [] }
