-- The whole schema of the voice demos, in one migration: what the embedded database (PGlite) and
-- hosted Supabase both run, in plain PostgreSQL 15. Later changes go in new migration files that sort
-- after this one; supabase/schema.sql (npm run db:schema) shows every table and function as they
-- stand after all of them.
--
-- Groups, in the order they depend on each other:
--   1. Sales reps and their sessions
--   2. Prospects and their audit (and the fallback prospect `visitor`, which the pages need)
--   3. Rate limits and phone-call attempts
--   4. Video conversations, and the call records' retention
--   5. Call reports and the nudges' outbox
--   6. Engagement events, their rollups and their retention
--
-- Rules for everything here:
--   * Browsers never touch the database. Every table has row level security on and no policy, and
--     nothing granted to anon or authenticated: hosted Supabase grants every new table and function
--     in `public` to anon, authenticated and service_role by default (server/src/db/bootstrap.ts does
--     the same on the embedded database), so each group takes that back. Functions are executable by
--     PUBLIC by default, too: each is revoked from public, anon and authenticated, and only the
--     server's service_role may execute it.
--   * Every function sets `search_path = ''` and names what it uses with its schema. `security
--     invoker` functions run with service_role's table privileges; `security definer` ones write
--     tables service_role may only read (rate limits, call records) or run from triggers.
--   * Over PostgREST one request is one transaction, so what must happen together is one function.
--   * The server passes its clock (`at`) to what expires or is limited by time, so every rule follows
--     one clock, which tests can set.
--   * Phone numbers, client addresses and sign-in emails arrive as HMAC-SHA256 (hex) keyed with a
--     server secret, tokens as SHA-256: never in clear.
--   * gen_random_uuid() is PostgreSQL's own (13 and later): no extension is needed.

-- ======================================================================================================
-- 1. Sales reps and their sessions
-- ======================================================================================================
-- Reps sign in with their own password and get a session: a cookie whose token is stored here only as
-- a SHA-256, its CSRF token derived from it by the server, so neither can be rebuilt from this table.
-- A new rep or a reset gets a one-time link (its token in the link's fragment) to set a password.
-- Reps are disabled, never deleted; disabling one ends their sessions at once. Each function is one
-- transaction: disabling a rep ends their sessions, setting a password uses up its link and signs the
-- rep in. The server passes the lengths of time, and hashes already made (SHA-256 of tokens, HMAC keys
-- for the sign-in limits). A rep as the API shows one: {"id", "email", "role"}.

-- Emails are stored lower-cased (the check), so they are unique case-insensitively.
create table public.reps (
  id uuid primary key default gen_random_uuid(),
  email text not null constraint reps_email_format check (
    email = lower(email) and char_length(email) between 3 and 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'
  ),
  role text not null default 'rep' constraint reps_role check (role in ('admin', 'rep')),
  -- scrypt$N$r$p$salt$hash (base64url), or null until the rep sets one with a one-time link.
  password_hash text null constraint reps_password_hash_format check (password_hash ~ '^scrypt\$'),
  disabled_at timestamptz null,
  created_at timestamptz not null default now()
);
create unique index reps_email_key on public.reps (lower(email));
comment on table public.reps is 'Sales reps who sign in to manage prospects; disabled, never deleted.';

-- Idle expiry: last_seen_at + the server's idle time; expires_at is the absolute one.
create table public.rep_sessions (
  token_hash text primary key constraint rep_sessions_token_hash check (token_hash ~ '^[0-9a-f]{64}$'),
  rep_id uuid not null references public.reps (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz null
);
create index rep_sessions_rep_id on public.rep_sessions (rep_id) where ended_at is null;
create index rep_sessions_expires_at on public.rep_sessions (expires_at);

-- One-time links to set a password (a new rep, or a reset).
create table public.rep_password_tokens (
  token_hash text primary key constraint rep_password_tokens_token_hash check (token_hash ~ '^[0-9a-f]{64}$'),
  rep_id uuid not null references public.reps (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz null
);
create index rep_password_tokens_rep_id on public.rep_password_tokens (rep_id);

-- Sign-in attempts, for the limits per account and per address. Keys are HMACs (as for phone
-- numbers), never an email or an address in clear. `succeeded` is null while the password is being
-- checked and counts as a failure until then, so attempts made at once cannot pass the limit.
create table public.rep_sign_in_attempts (
  id uuid primary key default gen_random_uuid(),
  at timestamptz not null,
  email_key text not null constraint rep_sign_in_attempts_email_key check (email_key ~ '^[0-9a-f]{64}$'),
  address_key text null constraint rep_sign_in_attempts_address_key check (address_key ~ '^[0-9a-f]{64}$'),
  succeeded boolean null
);
create index rep_sign_in_attempts_email on public.rep_sign_in_attempts (email_key, at);
create index rep_sign_in_attempts_address on public.rep_sign_in_attempts (address_key, at)
  where address_key is not null;
create index rep_sign_in_attempts_at on public.rep_sign_in_attempts (at);

alter table public.reps enable row level security;
alter table public.rep_sessions enable row level security;
alter table public.rep_password_tokens enable row level security;
alter table public.rep_sign_in_attempts enable row level security;
revoke all on table public.reps, public.rep_sessions, public.rep_password_tokens, public.rep_sign_in_attempts
  from anon, authenticated;
grant select, insert, update, delete on table public.reps, public.rep_sessions, public.rep_password_tokens,
  public.rep_sign_in_attempts to service_role;

-- ======================================================================================================
-- 2. Prospects and their audit
-- ======================================================================================================
-- A prospect has a page of their own at /{slug} and a voice agent built for them. The browser never
-- reads this table: the server reads it with the service role and returns only the public fields of
-- one prospect, found by exact slug. Reps change prospects on their pages, operators in bulk with the
-- command line (`npm run prospects`); every change is stamped on the prospect (created_by, updated_by,
-- updated_at: null rep for the command line) and written to prospect_audit in the same transaction.
--
-- The agent: a prospect names an agent template (agent-templates/<name>.md; null: the general one)
-- and optional details it is rendered with (city, services, opening hours, website, booking link);
-- its first message and system prompt are optional overrides of the template's. Templates are
-- rendered when a page or call is served, so they live outside the database: the template name's
-- format is checked here, its existence by the server.
--
-- The fallback prospect `visitor` is what an unknown or missing slug shows: it always exists (inserted
-- below), is never listed, searched, nudged about or deleted, and its slug cannot change.

create table public.prospects (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique constraint prospects_slug_format check (slug ~ '^[a-z0-9-]{1,64}$'),
  name text not null,
  company_name text not null,
  first_message text,
  system text,
  assistant_id text null,
  created_at timestamptz not null default now(),
  -- Who owns, made and last changed the prospect (null: the command line).
  owner_id uuid null references public.reps (id) on delete set null,
  created_by uuid null references public.reps (id) on delete set null,
  updated_by uuid null references public.reps (id) on delete set null,
  updated_at timestamptz not null default now(),
  template text constraint prospects_template_format check (template ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  city text,
  services text,
  opening_hours text,
  website text,
  booking_link text
);

comment on table public.prospects is 'Prospects with a personalised demo page at /{slug}; read by the server only.';
comment on column public.prospects.system is 'The prospect''s own system prompt, in place of its agent template''s; null: the template''s.';
comment on column public.prospects.assistant_id is 'The prospect''s own voice assistant, when one was built.';

-- The reps' list sorts and filters 10,000s of prospects a page at a time.
create index prospects_company_order on public.prospects (lower(company_name), slug);
create index prospects_name_order on public.prospects (lower(name), slug);
create index prospects_updated_order on public.prospects (updated_at, slug);
create index prospects_owner on public.prospects (owner_id, slug);

-- Every change to a prospect. No foreign key to prospects: the trail outlives a deleted prospect, and
-- `prospect_id` follows one prospect through a change of slug.
create table public.prospect_audit (
  id uuid primary key default gen_random_uuid(),
  prospect_id uuid not null,
  slug text not null,
  action text not null constraint prospect_audit_action check (action in ('create', 'update', 'delete', 'import')),
  rep_id uuid null references public.reps (id) on delete set null,
  at timestamptz not null default now(),
  -- The fields an update or an import changed; empty when it created the prospect.
  changed text[] not null default '{}'
);
create index prospect_audit_prospect on public.prospect_audit (prospect_id, at desc);
create index prospect_audit_slug on public.prospect_audit (slug, at desc);

-- RLS on and no policies: anon and authenticated see nothing even if a grant slips back in; and the
-- default grants are taken back, so the public API key cannot list prospects.
alter table public.prospects enable row level security;
alter table public.prospect_audit enable row level security;
revoke all on table public.prospects, public.prospect_audit from anon, authenticated;
grant select, insert, update, delete on table public.prospects, public.prospect_audit to service_role;

-- The fallback prospect, on every database (production too): the pages need it.
insert into public.prospects (slug, name, company_name, first_message, system)
values
  (
    'visitor',
    'there',
    'your business',
    'Hi there! I''m the AI voice agent we build for businesses like yours. I answer calls, qualify leads and book appointments around the clock. Want to hear how I''d handle a call for your business?',
    'You are a friendly, professional AI voice agent demonstrating what an AI receptionist can do for a small business. The caller is a business owner exploring the product. '
    'Goals: (1) briefly ask what kind of business they run and how they handle calls today; (2) role-play answering one of their typical customer calls so they hear the experience; '
    '(3) explain, in one or two sentences at a time, that the agent answers 24/7, qualifies leads, books appointments and hands off to a human when needed; (4) invite them to schedule a 15-minute introductory meeting. '
    'Style: warm, concise, conversational; one question at a time; never more than three sentences per turn. Do not invent prices or guarantees; if asked about pricing, say the team will tailor a quote in the introductory meeting. '
    'If the caller asks whether you are an AI, say yes: you are the demo agent.'
  )
on conflict (slug) do nothing;

-- ======================================================================================================
-- 3. Rate limits and phone-call attempts
-- ======================================================================================================
-- Every phone call costs money and can be pointed at anyone's phone, so the server counts requests
-- per scope in Postgres (limits hold across restarts and across many server instances) and records
-- every attempt the limits let through, with its outcome. Abuse must not grow the database: a request
-- refused by a limit leaves no row behind anywhere (the attempt is written only once the limits let it
-- through, a refused check leaves the counters as they were), and counters are deleted once their
-- window has ended. Video calls and the browser's events use the same counters ('video:' and
-- 'events:' buckets).

-- One row per bucket (e.g. 'phone:ip:<hmac>') and fixed window; `hits` counts the requests let through.
create table public.rate_limit_counters (
  bucket text not null constraint rate_limit_counters_bucket_length check (char_length(bucket) between 1 and 200),
  window_seconds integer not null constraint rate_limit_counters_window_positive check (window_seconds > 0),
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_seconds, window_start)
);

comment on table public.rate_limit_counters is
  'Requests let through per bucket and fixed window; written only by check_rate_limits().';

create index rate_limit_counters_window_start on public.rate_limit_counters (window_start);

-- Every outbound phone-call attempt the limits let through, with its outcome.
create table public.phone_call_attempts (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  -- The client's key while it can still replay the first answer (10 minutes); cleared afterwards, and
  -- at once when the attempt dialled nothing, so the same key may try again.
  idempotency_key text constraint phone_call_attempts_idempotency_key unique
    constraint phone_call_attempts_key_format check (idempotency_key ~ '^[A-Za-z0-9_-]{16,100}$'),
  prospect_slug text not null,
  country text not null constraint phone_call_attempts_country_format check (country ~ '^[A-Z]{2}$'),
  -- HMAC-SHA256 (hex) of the E.164 number, keyed with the server's secret: never the number itself.
  number_hash text not null constraint phone_call_attempts_number_hash check (number_hash ~ '^[0-9a-f]{64}$'),
  -- HMAC-SHA256 (hex) of the client's address (IPv6: its /64), or null when it was unknown.
  client_ip_hash text constraint phone_call_attempts_ip_hash check (client_ip_hash ~ '^[0-9a-f]{64}$'),
  assistant_id text not null,
  -- `unknown`: the server stopped before it learnt the platform's answer (settle_interrupted_calls).
  -- `rate_limited` passes the check but nothing writes it: a refused request is not recorded.
  outcome text not null default 'pending'
    constraint phone_call_attempts_outcome
      check (outcome in ('pending', 'succeeded', 'failed', 'rate_limited', 'unknown')),
  -- What the visitor was answered: HTTP status, error code and message (safe to show), platform call id.
  http_status smallint,
  error_code text,
  error_message text,
  call_id text
);

comment on table public.phone_call_attempts is
  'Outbound phone-call attempts and their outcomes; numbers and addresses only as keyed hashes.';

create index phone_call_attempts_created_at on public.phone_call_attempts (created_at);
create index phone_call_attempts_number_hash on public.phone_call_attempts (number_hash, created_at);
-- Settling looks for pending rows only: a partial index keeps that cheap however large the table is.
create index phone_call_attempts_pending on public.phone_call_attempts (created_at) where outcome = 'pending';

-- service_role reads; only the functions (security definer) write.
alter table public.rate_limit_counters enable row level security;
alter table public.phone_call_attempts enable row level security;
revoke all on table public.rate_limit_counters from anon, authenticated, service_role;
grant select on table public.rate_limit_counters to service_role;
revoke all on table public.phone_call_attempts from anon, authenticated, service_role;
grant select on table public.phone_call_attempts to service_role;

-- ======================================================================================================
-- 4. Video conversations, and the call records' retention
-- ======================================================================================================
-- Video support calls are paid for by the minute, so the server records every conversation it asks a
-- platform for, with its outcome, and when and how it ended. Limits use check_rate_limits() with
-- 'video:' buckets.
--
-- Call records expire: phone-call attempts and video conversations are deleted after a retention the
-- server passes in (CALL_RECORD_RETENTION_DAYS), a bounded number per call, by the functions that add
-- rows (so it works on the edge function too, where no process lives between requests, and no single
-- request pays for a backlog) and by the server's upkeep. Calls that a stopped server left `pending`
-- are settled as `unknown`, which also frees their idempotency key.

create table public.video_conversations (
  -- Our id, returned to the widget as `conversationId`: random, so only the page that started the
  -- call can end it.
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  backend text not null constraint video_conversations_backend check (backend in ('tavus', 'webhook')),
  -- The prospect the persona was told about; null for an anonymous visitor.
  prospect_slug text constraint video_conversations_slug_format check (prospect_slug ~ '^[a-z0-9-]{1,64}$'),
  -- HMAC-SHA256 (hex) of the client's address (IPv6: its /64), or null when it was unknown.
  client_ip_hash text constraint video_conversations_ip_hash check (client_ip_hash ~ '^[0-9a-f]{64}$'),
  max_duration_seconds integer not null
    constraint video_conversations_max_duration check (max_duration_seconds between 1 and 86400),
  -- pending: asking the platform; started: it answered a usable conversation; failed: it did not;
  -- unknown: the server stopped before it learnt the answer.
  outcome text not null default 'pending'
    constraint video_conversations_outcome check (outcome in ('pending', 'started', 'failed', 'unknown')),
  error_code text,
  platform_conversation_id text
    constraint video_conversations_platform_id check (char_length(platform_conversation_id) between 1 and 200),
  -- Set while one request is ending the call, so a second (a page-hide beacon after 'End call')
  -- does not ask the platform again; cleared when the platform could not end it.
  end_requested_at timestamptz,
  ended_at timestamptz,
  -- ended: the platform ended it; gone: the platform had nothing left to end; recorded: no end API
  -- (webhook), the call runs to its time limit; expired: asked after the time limit, nothing to do.
  end_result text
    constraint video_conversations_end_result check (end_result in ('ended', 'gone', 'recorded', 'expired')),
  constraint video_conversations_ended check ((ended_at is null) = (end_result is null))
);

comment on table public.video_conversations is
  'Video support calls the server started, their outcome and end; addresses only as keyed hashes.';

create index video_conversations_created_at on public.video_conversations (created_at);
-- Settling looks for pending rows only: a partial index keeps that cheap however large the table is.
create index video_conversations_pending on public.video_conversations (created_at) where outcome = 'pending';

-- service_role reads; only the functions (security definer) write.
alter table public.video_conversations enable row level security;
revoke all on table public.video_conversations from anon, authenticated, service_role;
grant select on table public.video_conversations to service_role;

-- ======================================================================================================
-- 5. Call reports and the nudges' outbox
-- ======================================================================================================
-- What happened on a prospect's calls (the voice platform's end-of-call reports), and the nudges sent
-- to the reps' chat about what prospects do. Everything belongs to a prospect (on delete cascade): a
-- deleted prospect's reports and nudges go with it. Storing a report queues its `talked` nudge in the
-- same transaction; any server then delivers the outbox by claiming due nudges under a lease and
-- recording each one's result.

-- The voice platform's end-of-call report, once per call (its id), linked to the prospect by the
-- metadata the call was started with. Kept as long as the engagement events.
create table public.call_reports (
  call_id text primary key constraint call_reports_call_id check (char_length(call_id) between 1 and 200),
  prospect_id uuid not null references public.prospects (id) on delete cascade,
  visit_id text null constraint call_reports_visit check (visit_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  source text not null constraint call_reports_source check (source in ('browser', 'phone')),
  started_at timestamptz null,
  ended_at timestamptz null,
  seconds integer null constraint call_reports_seconds check (seconds between 0 and 86400),
  ended_reason text null constraint call_reports_ended_reason check (char_length(ended_reason) <= 200),
  summary text null constraint call_reports_summary check (char_length(summary) <= 8000),
  -- [{"speaker": "agent" | "prospect", "text": "..."}], oldest first; bounded by the server.
  transcript jsonb not null default '[]' constraint call_reports_transcript_size check (octet_length(transcript::text) <= 200000),
  received_at timestamptz not null default now()
);
create index call_reports_prospect on public.call_reports (prospect_id, received_at desc);
create index call_reports_received on public.call_reports (received_at);

-- Nudges to the reps' chat (a Slack-compatible incoming webhook), written in the same transaction as
-- what caused them and delivered by whichever server drains the outbox: a crash between the two loses
-- nothing. `dedupe_key` (prospect, kind and window) makes a second nudge of a kind within the window
-- a no-op. A row is claimed for `lease_until` before it is sent, so two drainers never send it twice.
create table public.notification_outbox (
  id bigint generated always as identity primary key,
  prospect_id uuid not null references public.prospects (id) on delete cascade,
  kind text not null constraint notification_outbox_kind check (kind in ('opened', 'talked', 'booked')),
  dedupe_key text not null constraint notification_outbox_dedupe_key unique,
  text text not null constraint notification_outbox_text check (char_length(text) between 1 and 1000),
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz null,
  sent_at timestamptz null,
  -- Set when it will not be tried again (too many failures); the last error stays for the operator.
  failed_at timestamptz null,
  last_error text null constraint notification_outbox_last_error check (char_length(last_error) <= 500)
);
create index notification_outbox_due on public.notification_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;
create index notification_outbox_created on public.notification_outbox (created_at);

alter table public.call_reports enable row level security;
alter table public.notification_outbox enable row level security;
revoke all on table public.call_reports, public.notification_outbox from anon, authenticated;
grant select, insert, update, delete on table public.call_reports, public.notification_outbox to service_role;

-- ======================================================================================================
-- 6. Engagement events, their rollups and their retention
-- ======================================================================================================
-- What each prospect did with their page (events the browser reports), summed up with their call
-- reports for the reps' activity pages: each prospect's stage, whether they are hot, their latest
-- activity, visits and talk time, a page of prospects by latest activity, and one prospect's timeline.
-- Events belong to a prospect (on delete cascade), like the reports. One function checks the limits,
-- resolves the prospects, stores the events and queues the reps' nudges in a single transaction; events,
-- call reports and settled nudges are pruned after the retention the server passes in.
--
-- The stage and hot rules are written here once, but their constants are not: every function that
-- judges takes `rules`, built by the server from core/engagement.ts, so the pages' wording and this
-- arithmetic cannot disagree. `rules` is
--   {"stages": ["sent", …] (in order), "stage_of_event": {event name: stage},
--    "stage_of_call": {source: stage}, "hot_within_hours": 48, "hot_min_stage": "tried_demo",
--    "hot_min_visits": 2, "hot_min_talk_seconds": 60}.

-- One event the browser reported. `visit_id` is a random id per browser tab (no cookie); `address_key`
-- is the keyed hash of the sender's address (never the address), for limits and abuse reports only.
create table public.engagement_events (
  id bigint generated always as identity primary key,
  prospect_id uuid not null references public.prospects (id) on delete cascade,
  name text not null constraint engagement_events_name check (name in (
    'page_opened', 'demo_call_started', 'demo_call_ended', 'phone_call_requested',
    'video_call_started', 'video_call_ended', 'meeting_booked'
  )),
  visit_id text not null constraint engagement_events_visit check (visit_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  -- Small and known per name: origin and surface, seconds, outcome (validated by the server).
  detail jsonb not null default '{}' constraint engagement_events_detail_size check (octet_length(detail::text) <= 512),
  address_key text null constraint engagement_events_address_key check (address_key ~ '^[0-9a-f]{64}$'),
  at timestamptz not null default now()
);
create index engagement_events_prospect on public.engagement_events (prospect_id, at desc);
create index engagement_events_at on public.engagement_events (at);

-- Each prospect's engagement summed up, so that a list ordered by latest activity reads one row per
-- prospect, not every event (at 200,000 events, summing them per request took seconds). Only what no
-- rule decides is kept: the newest activity, when each kind of activity first happened (`firsts`: an
-- event's name, or `call:browser` / `call:phone` for a call report), the visits that opened the page,
-- and the time talked. Kept by the triggers below in the transaction that writes the events or
-- reports, so it is never behind; a prospect with nothing has no row.
--   talk_seconds: a browser call is reported twice, by the page (demo_call_ended) and by the voice
--   platform (its end-of-call report): per visit the larger of the two sums counts, so a call is never
--   counted twice and one whose report never came still counts. Phone calls have only their reports.
--   A report dates from its call's end (when it was received, if the platform did not say).
-- An insert adds what it brings to the totals, so its cost depends on the rows it inserts only, not on
-- how much the prospect already did. Deleting or changing rows (retention, a prospect's removal) sums
-- the prospects up again: it is rare, and a sum over what is left is the one way to take away a first
-- time or a visit.
create table public.engagement_rollups (
  prospect_id uuid primary key references public.prospects (id) on delete cascade,
  latest_at timestamptz not null,
  firsts jsonb not null,
  visits integer not null,
  talk_seconds integer not null
);
create index engagement_rollups_latest on public.engagement_rollups (latest_at);

-- What makes the totals more than a sum is kept per visit: a visit counts as opened once however often
-- it opened the page, and a browser call's length is the larger of the page's figure and the
-- platform's report (phone calls only have reports). So each visit's figures live here, and a
-- prospect's totals change by the difference its visits made. Per prospect and visit: what
-- engagement_visits sums from the rows. `visit_key` is the visit id, or '' for the reports that came
-- without one (they count together, as one visit that opened nothing).
create table public.engagement_visit_rollups (
  prospect_id uuid not null references public.prospects (id) on delete cascade,
  visit_key text not null,
  latest_at timestamptz not null,
  opened boolean not null,
  page_talk_seconds integer not null,
  browser_talk_seconds integer not null,
  phone_talk_seconds integer not null,
  primary key (prospect_id, visit_key)
);

alter table public.engagement_events enable row level security;
alter table public.engagement_rollups enable row level security;
alter table public.engagement_visit_rollups enable row level security;
revoke all on table public.engagement_events from anon, authenticated;
grant select, insert, update, delete on table public.engagement_events to service_role;
revoke all on table public.engagement_rollups from anon, authenticated;
grant select on table public.engagement_rollups to service_role;
revoke all on table public.engagement_visit_rollups from anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Sequences: the server alone inserts rows, so the roles a browser's key would have get none of the
-- sequences that the default privileges of a Supabase project hand them.
revoke all on all sequences in schema public from anon, authenticated;
