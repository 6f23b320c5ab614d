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

-- A new rep (email lower-cased) with a one-time password link. {"added": false, "rep": …} when the
-- email is already a rep's (nothing changes then).
create function public.add_rep(email text, role text, token_hash text, at timestamptz, expires_at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_rep public.reps;
begin
  insert into public.reps as r (email, role, created_at) values (lower(trim(add_rep.email)), add_rep.role, add_rep.at)
  on conflict ((lower(email))) do nothing
  returning * into v_rep;
  if v_rep.id is null then
    select * into v_rep from public.reps r where r.email = lower(trim(add_rep.email));
    return jsonb_build_object('added', false, 'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role));
  end if;
  insert into public.rep_password_tokens (token_hash, rep_id, created_at, expires_at)
  values (add_rep.token_hash, v_rep.id, add_rep.at, add_rep.expires_at);
  return jsonb_build_object('added', true, 'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role));
end;
$$;

-- A new one-time link for a rep: the old password stops working, earlier links and every session
-- end. Null when no rep has this email. {"rep": …, "disabled": bool, "ended_sessions": n}.
create function public.reset_rep_password(email text, token_hash text, at timestamptz, expires_at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_rep public.reps;
  v_ended integer;
begin
  update public.reps r set password_hash = null where r.email = lower(trim(reset_rep_password.email))
  returning * into v_rep;
  if v_rep.id is null then
    return null;
  end if;
  update public.rep_password_tokens t set used_at = reset_rep_password.at
  where t.rep_id = v_rep.id and t.used_at is null;
  update public.rep_sessions s set ended_at = reset_rep_password.at
  where s.rep_id = v_rep.id and s.ended_at is null;
  get diagnostics v_ended = row_count;
  insert into public.rep_password_tokens (token_hash, rep_id, created_at, expires_at)
  values (reset_rep_password.token_hash, v_rep.id, reset_rep_password.at, reset_rep_password.expires_at);
  return jsonb_build_object(
    'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role),
    'disabled', v_rep.disabled_at is not null,
    'ended_sessions', v_ended
  );
end;
$$;

-- Disables (ending every session at once) or enables a rep. Null when no rep has this email.
-- {"rep": …, "changed": bool, "ended_sessions": n}.
create function public.set_rep_disabled(email text, disabled boolean, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_rep public.reps;
  v_was_disabled boolean;
  v_ended integer := 0;
begin
  select * into v_rep from public.reps r where r.email = lower(trim(set_rep_disabled.email)) for update;
  if v_rep.id is null then
    return null;
  end if;
  v_was_disabled := v_rep.disabled_at is not null;
  update public.reps r
  set disabled_at = case when set_rep_disabled.disabled then coalesce(r.disabled_at, set_rep_disabled.at) end
  where r.id = v_rep.id;
  if set_rep_disabled.disabled then
    update public.rep_sessions s set ended_at = set_rep_disabled.at where s.rep_id = v_rep.id and s.ended_at is null;
    get diagnostics v_ended = row_count;
  end if;
  return jsonb_build_object(
    'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role),
    'changed', v_was_disabled is distinct from set_rep_disabled.disabled,
    'ended_sessions', v_ended
  );
end;
$$;

-- Every rep by email: [{"id", "email", "role", "disabled", "password_set", "created_at"}].
create function public.list_reps()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', r.id, 'email', r.email, 'role', r.role, 'disabled', r.disabled_at is not null,
    'password_set', r.password_hash is not null, 'created_at', r.created_at
  ) order by r.email), '[]'::jsonb)
  from public.reps r;
$$;

-- Starts a sign-in: refused when the email's or the address's failures (attempts not known to have
-- succeeded) in the last `window_seconds` reached their limit, else recorded as pending.
-- {"allowed": bool, "retry_after_seconds": n, "attempt_id": uuid|null}. The keys are locked in one
-- order first, so attempts made at once queue and each sees the ones before: the limit is exact.
create function public.begin_rep_sign_in(
  email_key text, address_key text, at timestamptz, window_seconds integer, email_limit integer, address_limit integer
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_since timestamptz := begin_rep_sign_in.at - make_interval(secs => begin_rep_sign_in.window_seconds);
  v_retry integer := 0;
  v_freed timestamptz;
  v_id uuid;
  v_key text;
begin
  for v_key in
    select k from unnest(array[begin_rep_sign_in.email_key, begin_rep_sign_in.address_key]) as k
    where k is not null order by k
  loop
    perform pg_advisory_xact_lock(hashtextextended('rep-sign-in:' || v_key, 0));
  end loop;

  -- Now and then, forget attempts, sessions and links long past.
  if random() < 0.01 then
    delete from public.rep_sign_in_attempts a where a.at < begin_rep_sign_in.at - interval '1 day';
    delete from public.rep_sessions s where s.expires_at < begin_rep_sign_in.at - interval '30 days';
    delete from public.rep_password_tokens t where t.expires_at < begin_rep_sign_in.at - interval '30 days';
  end if;

  -- The failure whose window ends last among those that must end before a retry can pass.
  select max(f.at) into v_freed from (
    select a.at from public.rep_sign_in_attempts a
    where a.email_key = begin_rep_sign_in.email_key and a.at > v_since and a.succeeded is not true
    order by a.at desc offset greatest(begin_rep_sign_in.email_limit - 1, 0) limit 1
  ) f;
  if v_freed is not null then
    v_retry := ceil(extract(epoch from v_freed - v_since));
  end if;
  if begin_rep_sign_in.address_key is not null then
    select max(f.at) into v_freed from (
      select a.at from public.rep_sign_in_attempts a
      where a.address_key = begin_rep_sign_in.address_key and a.at > v_since and a.succeeded is not true
      order by a.at desc offset greatest(begin_rep_sign_in.address_limit - 1, 0) limit 1
    ) f;
    if v_freed is not null then
      v_retry := greatest(v_retry, ceil(extract(epoch from v_freed - v_since))::integer);
    end if;
  end if;
  if v_retry > 0 then
    return jsonb_build_object('allowed', false, 'retry_after_seconds', v_retry, 'attempt_id', null);
  end if;

  insert into public.rep_sign_in_attempts (at, email_key, address_key)
  values (begin_rep_sign_in.at, begin_rep_sign_in.email_key, begin_rep_sign_in.address_key)
  returning id into v_id;
  return jsonb_build_object('allowed', true, 'retry_after_seconds', 0, 'attempt_id', v_id);
end;
$$;

-- Ends a sign-in. `rep_id` null: it failed. Else, if the rep is still enabled, it succeeded and a
-- session starts with `token_hash`, answering the rep; null otherwise (the attempt counts as failed).
create function public.end_rep_sign_in(
  attempt_id uuid, rep_id uuid, token_hash text, at timestamptz, expires_at timestamptz
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_rep public.reps;
begin
  select * into v_rep from public.reps r
  where r.id = end_rep_sign_in.rep_id and r.disabled_at is null and r.password_hash is not null;
  update public.rep_sign_in_attempts a set succeeded = v_rep.id is not null where a.id = end_rep_sign_in.attempt_id;
  if v_rep.id is null then
    return null;
  end if;
  insert into public.rep_sessions (token_hash, rep_id, created_at, last_seen_at, expires_at)
  values (end_rep_sign_in.token_hash, v_rep.id, end_rep_sign_in.at, end_rep_sign_in.at, end_rep_sign_in.expires_at);
  return jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role);
end;
$$;

-- The rep of a live session (not ended, not past its absolute expiry, used within `idle_seconds`,
-- its rep enabled), marking it used; null otherwise. The mark is written at most once a minute.
create function public.touch_rep_session(token_hash text, at timestamptz, idle_seconds integer)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_session public.rep_sessions;
  v_rep public.reps;
begin
  select * into v_session from public.rep_sessions s
  where s.token_hash = touch_rep_session.token_hash and s.ended_at is null
    and s.expires_at > touch_rep_session.at
    and s.last_seen_at + make_interval(secs => touch_rep_session.idle_seconds) > touch_rep_session.at;
  if v_session.token_hash is null then
    return null;
  end if;
  select * into v_rep from public.reps r where r.id = v_session.rep_id and r.disabled_at is null;
  if v_rep.id is null then
    return null;
  end if;
  if v_session.last_seen_at < touch_rep_session.at - interval '1 minute' then
    update public.rep_sessions s set last_seen_at = touch_rep_session.at
    where s.token_hash = touch_rep_session.token_hash;
  end if;
  return jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role);
end;
$$;

-- Signs a session out. {"ended": bool}: false when it had already ended or never existed.
create function public.end_rep_session(token_hash text, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  update public.rep_sessions s set ended_at = end_rep_session.at
  where s.token_hash = end_rep_session.token_hash and s.ended_at is null;
  return jsonb_build_object('ended', found);
end;
$$;

-- Uses a one-time link: sets the password, ends the rep's other sessions and starts one with
-- `session_token_hash`. Null when the link is unknown, used, expired or its rep disabled.
create function public.set_rep_password(
  token_hash text, password_hash text, session_token_hash text, at timestamptz, session_expires_at timestamptz
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_rep public.reps;
begin
  update public.rep_password_tokens t set used_at = set_rep_password.at
  from public.reps r
  where t.token_hash = set_rep_password.token_hash and t.used_at is null and t.expires_at > set_rep_password.at
    and r.id = t.rep_id and r.disabled_at is null
  returning r.* into v_rep;
  if v_rep.id is null then
    return null;
  end if;
  update public.reps r set password_hash = set_rep_password.password_hash where r.id = v_rep.id;
  update public.rep_sessions s set ended_at = set_rep_password.at where s.rep_id = v_rep.id and s.ended_at is null;
  insert into public.rep_sessions (token_hash, rep_id, created_at, last_seen_at, expires_at)
  values (set_rep_password.session_token_hash, v_rep.id, set_rep_password.at, set_rep_password.at,
    set_rep_password.session_expires_at);
  return jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role);
end;
$$;

revoke all on function public.add_rep(text, text, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.reset_rep_password(text, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.set_rep_disabled(text, boolean, timestamptz) from public, anon, authenticated;
revoke all on function public.list_reps() from public, anon, authenticated;
revoke all on function public.begin_rep_sign_in(text, text, timestamptz, integer, integer, integer)
  from public, anon, authenticated;
revoke all on function public.end_rep_sign_in(uuid, uuid, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.touch_rep_session(text, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.end_rep_session(text, timestamptz) from public, anon, authenticated;
revoke all on function public.set_rep_password(text, text, text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.add_rep(text, text, text, timestamptz, timestamptz) to service_role;
grant execute on function public.reset_rep_password(text, text, timestamptz, timestamptz) to service_role;
grant execute on function public.set_rep_disabled(text, boolean, timestamptz) to service_role;
grant execute on function public.list_reps() to service_role;
grant execute on function public.begin_rep_sign_in(text, text, timestamptz, integer, integer, integer) to service_role;
grant execute on function public.end_rep_sign_in(uuid, uuid, text, timestamptz, timestamptz) to service_role;
grant execute on function public.touch_rep_session(text, timestamptz, integer) to service_role;
grant execute on function public.end_rep_session(text, timestamptz) to service_role;
grant execute on function public.set_rep_password(text, text, text, timestamptz, timestamptz) to service_role;

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

-- The fields of a prospect that reps and imports write, in the order changes are named.
create function public.prospect_field_names()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'slug', 'name', 'company_name', 'template', 'city', 'services', 'opening_hours', 'website',
    'booking_link', 'first_message', 'system', 'assistant_id'
  ]
$$;

-- The names of the fields whose values differ between two prospects given as JSON.
create function public.changed_prospect_fields(old jsonb, new jsonb)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(f.name order by f.n), '{}')
  from unnest(public.prospect_field_names()) with ordinality as f(name, n)
  where f.name <> 'slug' and (changed_prospect_fields.old -> f.name) is distinct from (changed_prospect_fields.new -> f.name)
$$;

-- Inserts or updates prospects by slug, for imports (the command line, a rep's CSV). Over PostgREST
-- one request is one transaction, so a whole import is one JSON array in one call: every row is
-- written or none is. `prospects`: objects with slug, name, company_name, template, city, services,
-- opening_hours, website, booking_link, first_message, system and assistant_id (null or absent:
-- none). A row whose fields are all unchanged is left alone, so importing the same file twice writes
-- nothing the second time. A new prospect is owned by the importing rep (`rep_id`, null: the command
-- line); each inserted or updated row gets an 'import' audit entry naming the fields it changed.
-- Returns {"inserted": n, "updated": n, "unchanged": n}. Any bad row (a constraint, a null, a slug
-- twice in one array) fails the whole call.
create function public.upsert_prospects(prospects jsonb, rep_id uuid default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_total integer;
  v_inserted integer;
  v_updated integer;
begin
  if jsonb_typeof(upsert_prospects.prospects) is distinct from 'array' then
    raise exception 'prospects must be a JSON array of objects' using errcode = '22023';
  end if;
  v_total := jsonb_array_length(upsert_prospects.prospects);

  with input as (
    select x.*
    from jsonb_to_recordset(upsert_prospects.prospects) as x(
      slug text, name text, company_name text, template text, city text, services text,
      opening_hours text, website text, booking_link text, first_message text, system text,
      assistant_id text
    )
  ),
  -- The rows as they were: every part of one statement sees the table from before it.
  old as (
    select p.* from public.prospects p join input i on i.slug = p.slug
  ),
  written as (
    insert into public.prospects as v (
      slug, name, company_name, template, city, services, opening_hours, website, booking_link,
      first_message, system, assistant_id, owner_id, created_by, updated_by
    )
    select i.slug, i.name, i.company_name, i.template, i.city, i.services, i.opening_hours, i.website,
      i.booking_link, i.first_message, i.system, i.assistant_id,
      upsert_prospects.rep_id, upsert_prospects.rep_id, upsert_prospects.rep_id
    from input i
    on conflict (slug) do update
      set name = excluded.name,
          company_name = excluded.company_name,
          template = excluded.template,
          city = excluded.city,
          services = excluded.services,
          opening_hours = excluded.opening_hours,
          website = excluded.website,
          booking_link = excluded.booking_link,
          first_message = excluded.first_message,
          system = excluded.system,
          assistant_id = excluded.assistant_id,
          updated_by = excluded.updated_by,
          updated_at = now()
      where (v.name, v.company_name, v.template, v.city, v.services, v.opening_hours, v.website,
             v.booking_link, v.first_message, v.system, v.assistant_id)
        is distinct from
        (excluded.name, excluded.company_name, excluded.template, excluded.city, excluded.services,
         excluded.opening_hours, excluded.website, excluded.booking_link, excluded.first_message,
         excluded.system, excluded.assistant_id)
    -- xmax is 0 on a row this statement inserted, and set on one it updated.
    returning v.id, v.slug, (v.xmax = 0) as inserted
  ),
  audited as (
    insert into public.prospect_audit (prospect_id, slug, action, rep_id, changed)
    select w.id, w.slug, 'import', upsert_prospects.rep_id,
      case when w.inserted then '{}'::text[] else public.changed_prospect_fields(to_jsonb(o), to_jsonb(i)) end
    from written w join input i on i.slug = w.slug left join old o on o.slug = w.slug
  )
  select count(*) filter (where w.inserted), count(*) filter (where not w.inserted)
  into v_inserted, v_updated
  from written w;

  return jsonb_build_object(
    'inserted', v_inserted,
    'updated', v_updated,
    'unchanged', v_total - v_inserted - v_updated
  );
end;
$$;

-- One page of prospects in slug order, for the command line's listing and export: after
-- `after_slug` (null: from the start), at most `page_size` (1 to 1000) of them. Keyset paging, so a
-- listing of any size needs no offset and is not cut by the API's row limit. Returns a JSON array of
-- {slug, name, company_name, assistant_id}.
create function public.list_prospects(after_slug text default null, page_size integer default 1000)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'slug', p.slug, 'name', p.name, 'company_name', p.company_name, 'assistant_id', p.assistant_id
  ) order by p.slug), '[]'::jsonb)
  from (
    select v.slug, v.name, v.company_name, v.assistant_id
    from public.prospects v
    where after_slug is null or v.slug > after_slug
    order by v.slug
    limit greatest(1, least(coalesce(page_size, 1000), 1000))
  ) p;
$$;

comment on function public.list_prospects(text, integer) is
  'Lists prospects in slug order, one page at a time; for the operators'' CLI (service_role) only.';

-- Deletes one prospect by slug, never the fallback `visitor` (edit it by importing a row with its
-- slug), and writes a 'delete' audit entry, which stays. {"deleted": bool}.
create function public.delete_prospect(slug text, rep_id uuid default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_id uuid;
begin
  if delete_prospect.slug = 'visitor' then
    raise exception 'The fallback prospect "visitor" cannot be deleted; import a row to change it.'
      using errcode = '22023';
  end if;
  delete from public.prospects p where p.slug = delete_prospect.slug returning p.id into v_id;
  if v_id is null then
    return jsonb_build_object('deleted', false);
  end if;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id)
  values (v_id, delete_prospect.slug, 'delete', delete_prospect.rep_id);
  return jsonb_build_object('deleted', true);
end;
$$;

-- A new prospect from a rep, `fields` already checked by the server.
-- {"status": "created" | "slug_taken" | "owner_unknown"}; the owner must be an enabled rep.
create function public.create_prospect(fields jsonb, rep_id uuid, owner_id uuid)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_id uuid;
  v_slug text;
begin
  if create_prospect.owner_id is not null and not exists (
    select from public.reps r where r.id = create_prospect.owner_id and r.disabled_at is null
  ) then
    return jsonb_build_object('status', 'owner_unknown');
  end if;
  insert into public.prospects as p (
    slug, name, company_name, template, city, services, opening_hours, website, booking_link,
    first_message, system, assistant_id, owner_id, created_by, updated_by
  )
  select x.slug, x.name, x.company_name, x.template, x.city, x.services, x.opening_hours, x.website,
    x.booking_link, x.first_message, x.system, x.assistant_id,
    create_prospect.owner_id, create_prospect.rep_id, create_prospect.rep_id
  from jsonb_populate_record(null::public.prospects, create_prospect.fields) as x
  on conflict (slug) do nothing
  returning p.id, p.slug into v_id, v_slug;
  if v_id is null then
    return jsonb_build_object('status', 'slug_taken');
  end if;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id)
  values (v_id, v_slug, 'create', create_prospect.rep_id);
  return jsonb_build_object('status', 'created');
end;
$$;

-- Changes a prospect's fields (its slug too) and, with `set_owner`, its owner. Answers
-- {"status": "updated" | "unchanged" | "not_found" | "slug_taken" | "owner_unknown" | "fallback",
-- "slug": the slug after, "changed": [field names]}. `fallback`: the slug of `visitor` cannot change.
create function public.update_prospect(slug text, fields jsonb, rep_id uuid, owner_id uuid, set_owner boolean)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_old public.prospects;
  v_new public.prospects;
  v_changed text[];
begin
  select * into v_old from public.prospects p where p.slug = update_prospect.slug for update;
  if v_old.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  v_new := jsonb_populate_record(null::public.prospects, update_prospect.fields);
  if update_prospect.set_owner and update_prospect.owner_id is not null and not exists (
    select from public.reps r where r.id = update_prospect.owner_id and r.disabled_at is null
  ) then
    return jsonb_build_object('status', 'owner_unknown');
  end if;
  v_changed := array_remove(
    array[case when v_new.slug is distinct from v_old.slug then 'slug' end]
      || public.changed_prospect_fields(to_jsonb(v_old), to_jsonb(v_new))
      || array[case when update_prospect.set_owner and update_prospect.owner_id is distinct from v_old.owner_id
        then 'owner' end],
    null
  );
  if cardinality(v_changed) = 0 then
    return jsonb_build_object('status', 'unchanged', 'slug', v_old.slug, 'changed', '[]'::jsonb);
  end if;
  if v_old.slug = 'visitor' and v_new.slug is distinct from 'visitor' then
    return jsonb_build_object('status', 'fallback');
  end if;
  begin
    update public.prospects p
    set slug = v_new.slug, name = v_new.name, company_name = v_new.company_name,
        template = v_new.template, city = v_new.city, services = v_new.services,
        opening_hours = v_new.opening_hours, website = v_new.website, booking_link = v_new.booking_link,
        first_message = v_new.first_message, system = v_new.system, assistant_id = v_new.assistant_id,
        owner_id = case when update_prospect.set_owner then update_prospect.owner_id else p.owner_id end,
        updated_by = update_prospect.rep_id, updated_at = now()
    where p.id = v_old.id;
  exception when unique_violation then
    return jsonb_build_object('status', 'slug_taken');
  end;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id, changed)
  values (v_old.id, v_new.slug, 'update', update_prospect.rep_id, v_changed);
  return jsonb_build_object('status', 'updated', 'slug', v_new.slug, 'changed', to_jsonb(v_changed));
end;
$$;

-- One prospect for a rep: {"fields": {every field of prospect_field_names()}, "owner", "created_at",
-- "created_by", "updated_at", "updated_by"} (a rep or null each), or null when there is none.
create function public.get_rep_prospect(slug text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'fields', (
      select jsonb_object_agg(f.name, to_jsonb(p) -> f.name) from unnest(public.prospect_field_names()) as f(name)
    ),
    'owner', case when o.id is not null then jsonb_build_object('id', o.id, 'email', o.email, 'role', o.role) end,
    'created_at', p.created_at,
    'created_by', case when c.id is not null then jsonb_build_object('id', c.id, 'email', c.email, 'role', c.role) end,
    'updated_at', p.updated_at,
    'updated_by', case when u.id is not null then jsonb_build_object('id', u.id, 'email', u.email, 'role', u.role) end
  )
  from public.prospects p
    left join public.reps o on o.id = p.owner_id
    left join public.reps c on c.id = p.created_by
    left join public.reps u on u.id = p.updated_by
  where p.slug = get_rep_prospect.slug;
$$;

-- One page of prospects (never the fallback `visitor`) whose slug, name or company contains `query`
-- (case-insensitive; empty matches all; `%`, `_` and `\` literally), of `owner_id`'s when given,
-- sorted by `sort` (company, name, slug, updated or owner: the owner's email, unowned last), then
-- slug. {"total": all matches, "prospects": [{slug, name, company_name, owner, updated_at,
-- updated_by}]}. Two statements, so the page's can walk the sort's index and stop after the page.
create function public.list_rep_prospects(
  query text, sort text, descending boolean, owner_id uuid, page_offset integer, page_size integer
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_dir text := case when list_rep_prospects.descending then 'desc' else 'asc' end;
  v_order text;
  -- The owner's email is joined only to sort by it, so other sorts can walk their index.
  v_join text := case when list_rep_prospects.sort = 'owner'
    then 'left join public.reps o on o.id = p.owner_id' else '' end;
  v_where text := $w$p.slug <> 'visitor'
    and ($1 = '' or strpos(lower(p.slug || ' ' || p.name || ' ' || p.company_name), lower($1)) > 0)
    and ($2::uuid is null or p.owner_id = $2::uuid)$w$;
  v_total integer;
  v_page jsonb := '[]'::jsonb;
  v_row record;
begin
  v_order := case list_rep_prospects.sort
    when 'company' then format('lower(p.company_name) %1$s, p.slug %1$s', v_dir)
    when 'name' then format('lower(p.name) %1$s, p.slug %1$s', v_dir)
    when 'slug' then format('p.slug %s', v_dir)
    when 'updated' then format('p.updated_at %1$s, p.slug %1$s', v_dir)
    when 'owner' then format('o.email %1$s nulls last, p.slug %1$s', v_dir)
  end;
  if v_order is null then
    raise exception 'sort must be company, name, slug, updated or owner' using errcode = '22023';
  end if;
  execute format('select count(*)::integer from public.prospects p where %s', v_where)
  into v_total
  using coalesce(list_rep_prospects.query, ''), list_rep_prospects.owner_id;
  -- The page is cut first and only its rows become JSON (built below a sort, JSON would be made for
  -- every match); a loop keeps the page in the statement's order, which an aggregate does not promise.
  for v_row in execute format($q$
    select jsonb_build_object(
      'slug', t.slug, 'name', t.name, 'company_name', t.company_name, 'updated_at', t.updated_at,
      'owner', (select jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role)
        from public.reps r where r.id = t.owner_id),
      'updated_by', (select jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role)
        from public.reps r where r.id = t.updated_by)
    ) as prospect
    from (
      select p.slug, p.name, p.company_name, p.updated_at, p.owner_id, p.updated_by
      from public.prospects p %3$s
      where %2$s
      order by %1$s
      offset $3 limit $4
    ) t
  $q$, v_order, v_where, v_join)
  using coalesce(list_rep_prospects.query, ''), list_rep_prospects.owner_id,
    greatest(coalesce(list_rep_prospects.page_offset, 0), 0),
    greatest(1, least(coalesce(list_rep_prospects.page_size, 50), 200))
  loop
    v_page := v_page || jsonb_build_array(v_row.prospect);
  end loop;
  return jsonb_build_object('total', v_total, 'prospects', v_page);
end;
$$;

-- The history of one prospect, newest first, at most `max_rows`: [{action, slug, at, rep, changed}].
-- By the prospect with this slug, else by the last prospect that had it (deleted, or renamed since).
create function public.list_prospect_history(slug text, max_rows integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with target as (
    select coalesce(
      (select p.id from public.prospects p where p.slug = list_prospect_history.slug),
      (select a.prospect_id from public.prospect_audit a where a.slug = list_prospect_history.slug
        order by a.at desc limit 1)
    ) as id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'action', h.action, 'slug', h.slug, 'at', h.at, 'rep', h.rep, 'changed', to_jsonb(h.changed)
  ) order by h.at desc, h.n desc), '[]'::jsonb)
  from (
    select a.action, a.slug, a.at, a.changed,
      case when r.id is not null then jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role) end as rep,
      row_number() over (order by a.at) as n
    from public.prospect_audit a
      join target t on a.prospect_id = t.id
      left join public.reps r on r.id = a.rep_id
    order by a.at desc
    limit greatest(1, least(coalesce(list_prospect_history.max_rows, 100), 1000))
  ) h;
$$;

revoke all on function public.prospect_field_names() from public, anon, authenticated;
revoke all on function public.changed_prospect_fields(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.upsert_prospects(jsonb, uuid) from public, anon, authenticated;
revoke all on function public.list_prospects(text, integer) from public, anon, authenticated;
revoke all on function public.delete_prospect(text, uuid) from public, anon, authenticated;
revoke all on function public.create_prospect(jsonb, uuid, uuid) from public, anon, authenticated;
revoke all on function public.update_prospect(text, jsonb, uuid, uuid, boolean) from public, anon, authenticated;
revoke all on function public.get_rep_prospect(text) from public, anon, authenticated;
revoke all on function public.list_rep_prospects(text, text, boolean, uuid, integer, integer)
  from public, anon, authenticated;
revoke all on function public.list_prospect_history(text, integer) from public, anon, authenticated;
grant execute on function public.prospect_field_names() to service_role;
grant execute on function public.changed_prospect_fields(jsonb, jsonb) to service_role;
grant execute on function public.upsert_prospects(jsonb, uuid) to service_role;
grant execute on function public.list_prospects(text, integer) to service_role;
grant execute on function public.delete_prospect(text, uuid) to service_role;
grant execute on function public.create_prospect(jsonb, uuid, uuid) to service_role;
grant execute on function public.update_prospect(text, jsonb, uuid, uuid, boolean) to service_role;
grant execute on function public.get_rep_prospect(text) to service_role;
grant execute on function public.list_rep_prospects(text, text, boolean, uuid, integer, integer) to service_role;
grant execute on function public.list_prospect_history(text, integer) to service_role;

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

-- Atomic check-and-count over several buckets at once, all or nothing: when any bucket is full,
-- none is counted (a refused request must not use up the others' budgets), and a refusal writes
-- nothing. `buckets`: a JSON array of {"key": text, "limit": int >= 0, "windowSeconds": int > 0};
-- windows are fixed and aligned to the epoch, so every server agrees on them.
-- Returns {"allowed": bool, "blocked": [keys], "retryAfterSeconds": int}, the wait until every full
-- bucket's window has ended.
-- 1. Counters only grow, so a bucket read as full without a lock is full: such a request is refused at
--    once, without locking or inserting.
-- 2. Otherwise each bucket's row is locked (created when missing) in one order (by key, then window)
--    and checked again, so concurrent callers queue per bucket, never deadlock, and each sees the
--    count left by the one before: N concurrent requests against a limit of L let exactly min(N, L)
--    through. A request refused at that point deletes the rows it created (still at 0).
-- 3. An allowed request deletes up to 100 counters whose window has ended (the oldest first, skipping
--    rows another request holds). It adds at most 16, so pruning keeps ahead of growth.
create function public.check_rate_limits(buckets jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  b record;
  v_start timestamptz;
  v_hits integer;
  v_attempt integer;
  v_blocked text[] := '{}';
  v_retry integer := 0;
  v_keys text[] := '{}';
  v_windows integer[] := '{}';
  v_starts timestamptz[] := '{}';
  v_limits integer[] := '{}';
begin
  if jsonb_typeof(buckets) is distinct from 'array' or jsonb_array_length(buckets) not between 1 and 16 then
    raise exception 'buckets must be a JSON array of 1 to 16 objects' using errcode = '22023';
  end if;

  for b in
    select distinct on (x.key, x."windowSeconds") x.key, x."limit", x."windowSeconds" as window_seconds
    from jsonb_to_recordset(buckets) as x(key text, "limit" integer, "windowSeconds" integer)
    order by x.key, x."windowSeconds", x."limit"
  loop
    if b.key is null or char_length(b.key) not between 1 and 200
      or b."limit" is null or b."limit" < 0
      or b.window_seconds is null or b.window_seconds <= 0 then
      raise exception 'each bucket needs a key (1 to 200 characters), a limit >= 0 and windowSeconds > 0'
        using errcode = '22023';
    end if;
    v_start := to_timestamp(floor(extract(epoch from now()) / b.window_seconds) * b.window_seconds);
    v_keys := v_keys || b.key;
    v_windows := v_windows || b.window_seconds;
    v_starts := v_starts || v_start;
    v_limits := v_limits || b."limit";
  end loop;

  -- First look, without locks: a full bucket refuses the request before anything is written.
  for i in 1 .. cardinality(v_keys) loop
    select c.hits into v_hits
    from public.rate_limit_counters c
    where c.bucket = v_keys[i] and c.window_seconds = v_windows[i] and c.window_start = v_starts[i];
    if coalesce(v_hits, 0) >= v_limits[i] then
      v_blocked := v_blocked || v_keys[i];
      v_retry := greatest(v_retry, ceil(extract(epoch from
        v_starts[i] + make_interval(secs => v_windows[i]) - now()))::integer);
    end if;
  end loop;

  if cardinality(v_blocked) = 0 then
    -- Lock every bucket's row in one order (by key, then window), so concurrent callers queue per
    -- bucket, never deadlock, and each sees the count left by the one before. A row another request
    -- is inserting is waited for by our insert; one it deleted again (refused) is made anew.
    for i in 1 .. cardinality(v_keys) loop
      v_attempt := 0;
      loop
        select c.hits into v_hits
        from public.rate_limit_counters c
        where c.bucket = v_keys[i] and c.window_seconds = v_windows[i] and c.window_start = v_starts[i]
        for update;
        exit when found;
        v_attempt := v_attempt + 1;
        if v_attempt > 5 then
          raise exception 'could not lock rate-limit bucket %', v_keys[i] using errcode = '40001';
        end if;
        insert into public.rate_limit_counters (bucket, window_seconds, window_start)
        values (v_keys[i], v_windows[i], v_starts[i])
        on conflict do nothing;
      end loop;
      if v_hits >= v_limits[i] then
        v_blocked := v_blocked || v_keys[i];
        v_retry := greatest(v_retry, ceil(extract(epoch from
          v_starts[i] + make_interval(secs => v_windows[i]) - now()))::integer);
      end if;
    end loop;

    if cardinality(v_blocked) = 0 then
      update public.rate_limit_counters c
      set hits = c.hits + 1
      from unnest(v_keys, v_windows, v_starts) as t(bucket, window_seconds, window_start)
      where c.bucket = t.bucket and c.window_seconds = t.window_seconds and c.window_start = t.window_start;

      delete from public.rate_limit_counters c
      where (c.bucket, c.window_seconds, c.window_start) in (
        select o.bucket, o.window_seconds, o.window_start
        from public.rate_limit_counters o
        where o.window_start < now() - interval '1 hour'
          and o.window_start + make_interval(secs => o.window_seconds) <= now()
        order by o.window_start
        limit 100
        for update skip locked
      );
    else
      -- Refused after all (a concurrent request took the last place): leave nothing behind.
      delete from public.rate_limit_counters c
      using unnest(v_keys, v_windows, v_starts) as t(bucket, window_seconds, window_start)
      where c.bucket = t.bucket and c.window_seconds = t.window_seconds and c.window_start = t.window_start
        and c.hits = 0;
    end if;
  end if;

  return jsonb_build_object(
    'allowed', cardinality(v_blocked) = 0,
    'blocked', to_jsonb(v_blocked),
    'retryAfterSeconds', greatest(v_retry, case when cardinality(v_blocked) = 0 then 0 else 1 end)
  );
end;
$$;

comment on function public.check_rate_limits(jsonb) is
  'Atomic, all-or-nothing check-and-count of several rate-limit buckets; for the server (service_role) only.';

-- Claims an idempotency key and checks the limits in one transaction. Answers:
--   {"state": "started", "attemptId"}       recorded: go on to the call;
--   {"state": "limited", "blocked", "retryAfterSeconds"}
--                                           a limit refused it: nothing recorded, the key stays free;
--   {"state": "pending"}                    the first request with this key is still running;
--   {"state": "finished", "outcome", "httpStatus", "errorCode", "errorMessage", "callId"}
--                                           replay that answer, dial nothing, count nothing;
--   {"state": "mismatch"}                   the key was used for another number or prospect.
-- A transaction-scoped advisory lock on the key serialises requests with the same key, so the first
-- one's decision (recorded or refused) is settled before the next looks. A pending attempt older than
-- `stale_after_seconds` (longer than any live request lasts) was left by a stopped server: it is
-- settled as `unknown` and its key judged afresh. A new attempt prunes up to 50 records older than
-- `retention_days`.
create function public.claim_phone_call_attempt(
  idempotency_key text,
  prospect_slug text,
  country text,
  number_hash text,
  client_ip_hash text,
  assistant_id text,
  buckets jsonb,
  retention_days integer,
  stale_after_seconds integer
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_row public.phone_call_attempts;
  v_limit jsonb;
begin
  if stale_after_seconds is null or stale_after_seconds < 1 then
    raise exception 'stale_after_seconds must be 1 or more' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('phone_call_attempt:' || claim_phone_call_attempt.idempotency_key, 0));

  -- After 10 minutes a key no longer replays; a key whose attempt a stopped server left pending is
  -- free too.
  update public.phone_call_attempts a
  set idempotency_key = null
  where a.idempotency_key = claim_phone_call_attempt.idempotency_key
    and a.created_at < now() - interval '10 minutes';
  update public.phone_call_attempts a
  set outcome = 'unknown', finished_at = now(), idempotency_key = null
  where a.idempotency_key = claim_phone_call_attempt.idempotency_key
    and a.outcome = 'pending'
    and a.created_at < now() - make_interval(secs => claim_phone_call_attempt.stale_after_seconds);

  select * into v_row
  from public.phone_call_attempts a
  where a.idempotency_key = claim_phone_call_attempt.idempotency_key;
  if found then
    if v_row.prospect_slug <> claim_phone_call_attempt.prospect_slug
      or v_row.number_hash <> claim_phone_call_attempt.number_hash then
      return jsonb_build_object('state', 'mismatch');
    end if;
    if v_row.outcome = 'pending' then
      return jsonb_build_object('state', 'pending');
    end if;
    return jsonb_build_object(
      'state', 'finished',
      'outcome', v_row.outcome,
      'httpStatus', v_row.http_status,
      'errorCode', v_row.error_code,
      'errorMessage', v_row.error_message,
      'callId', v_row.call_id
    );
  end if;

  v_limit := public.check_rate_limits(claim_phone_call_attempt.buckets);
  if not (v_limit ->> 'allowed')::boolean then
    return jsonb_build_object(
      'state', 'limited',
      'blocked', v_limit -> 'blocked',
      'retryAfterSeconds', v_limit -> 'retryAfterSeconds'
    );
  end if;

  perform public.prune_call_records(claim_phone_call_attempt.retention_days, 50);
  insert into public.phone_call_attempts
    (idempotency_key, prospect_slug, country, number_hash, client_ip_hash, assistant_id)
  values
    (claim_phone_call_attempt.idempotency_key, claim_phone_call_attempt.prospect_slug,
     claim_phone_call_attempt.country, claim_phone_call_attempt.number_hash,
     claim_phone_call_attempt.client_ip_hash, claim_phone_call_attempt.assistant_id)
  returning id into v_id;
  return jsonb_build_object('state', 'started', 'attemptId', v_id);
end;
$$;

comment on function public.claim_phone_call_attempt(text, text, text, text, text, text, jsonb, integer, integer) is
  'Claims an idempotency key and checks the limits for a phone call, recording only what is let through; service_role only.';

-- Records an attempt's outcome once. `release_key` frees the idempotency key at once (nothing was
-- dialled, so a retry with the same key must be judged afresh).
create function public.finish_phone_call_attempt(
  attempt_id uuid,
  outcome text,
  http_status integer,
  error_code text,
  error_message text,
  call_id text,
  release_key boolean
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.phone_call_attempts a
  set outcome = finish_phone_call_attempt.outcome,
      http_status = finish_phone_call_attempt.http_status,
      error_code = finish_phone_call_attempt.error_code,
      error_message = finish_phone_call_attempt.error_message,
      call_id = finish_phone_call_attempt.call_id,
      finished_at = now(),
      idempotency_key = case when finish_phone_call_attempt.release_key then null else a.idempotency_key end
  where a.id = finish_phone_call_attempt.attempt_id and a.outcome = 'pending';
  return jsonb_build_object('recorded', found);
end;
$$;

comment on function public.finish_phone_call_attempt(uuid, text, integer, text, text, text, boolean) is
  'Records the outcome of a phone-call attempt; service_role only.';

revoke all on function public.check_rate_limits(jsonb) from public, anon, authenticated;
revoke all on function public.claim_phone_call_attempt(text, text, text, text, text, text, jsonb, integer, integer)
  from public, anon, authenticated;
revoke all on function public.finish_phone_call_attempt(uuid, text, integer, text, text, text, boolean)
  from public, anon, authenticated;
grant execute on function public.check_rate_limits(jsonb) to service_role;
grant execute on function public.claim_phone_call_attempt(text, text, text, text, text, text, jsonb, integer, integer)
  to service_role;
grant execute on function public.finish_phone_call_attempt(uuid, text, integer, text, text, text, boolean)
  to service_role;

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

-- Deletes phone-call attempts and video conversations created more than `retention_days` ago, at
-- most `max_rows` of each per call, the oldest first, skipping rows another request holds.
-- Returns {"phoneCallAttempts": n, "videoConversations": n}, the rows deleted.
create function public.prune_call_records(retention_days integer, max_rows integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_cutoff timestamptz;
  v_attempts integer;
  v_conversations integer;
begin
  if retention_days is null or retention_days not between 1 and 3650 then
    raise exception 'retention_days must be 1 to 3650' using errcode = '22023';
  end if;
  if max_rows is null or max_rows not between 1 and 100000 then
    raise exception 'max_rows must be 1 to 100000' using errcode = '22023';
  end if;
  v_cutoff := now() - make_interval(days => retention_days);

  delete from public.phone_call_attempts a
  where a.id in (
    select o.id from public.phone_call_attempts o
    where o.created_at < v_cutoff
    order by o.created_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_attempts = row_count;

  delete from public.video_conversations v
  where v.id in (
    select o.id from public.video_conversations o
    where o.created_at < v_cutoff
    order by o.created_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_conversations = row_count;

  return jsonb_build_object('phoneCallAttempts', v_attempts, 'videoConversations', v_conversations);
end;
$$;

comment on function public.prune_call_records(integer, integer) is
  'Deletes call records older than the retention, a bounded number per call; service_role only.';

-- Settles what a stopped server left pending for longer than `older_than_seconds`: phone-call attempts
-- and video conversations become `unknown`, and the attempts free their idempotency key, so a retry is
-- judged afresh instead of waiting forever for an answer that will never be recorded.
-- Returns {"phoneCallAttempts": n, "videoConversations": n}, the rows settled.
create function public.settle_interrupted_calls(older_than_seconds integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_attempts integer;
  v_conversations integer;
begin
  if older_than_seconds is null or older_than_seconds < 0 then
    raise exception 'older_than_seconds must be 0 or more' using errcode = '22023';
  end if;
  update public.phone_call_attempts a
  set outcome = 'unknown', finished_at = now(), idempotency_key = null
  where a.outcome = 'pending' and a.created_at <= now() - make_interval(secs => older_than_seconds);
  get diagnostics v_attempts = row_count;

  update public.video_conversations v
  set outcome = 'unknown'
  where v.outcome = 'pending' and v.created_at <= now() - make_interval(secs => older_than_seconds);
  get diagnostics v_conversations = row_count;

  return jsonb_build_object('phoneCallAttempts', v_attempts, 'videoConversations', v_conversations);
end;
$$;

comment on function public.settle_interrupted_calls(integer) is
  'Settles calls left pending by a stopped server as unknown, freeing their keys; service_role only.';

-- Records a conversation about to be asked for and prunes up to 50 records older than
-- `retention_days`; returns its id.
create function public.begin_video_conversation(
  backend text,
  prospect_slug text,
  client_ip_hash text,
  max_duration_seconds integer,
  retention_days integer
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform public.prune_call_records(begin_video_conversation.retention_days, 50);
  insert into public.video_conversations (backend, prospect_slug, client_ip_hash, max_duration_seconds)
  values (begin_video_conversation.backend, begin_video_conversation.prospect_slug,
          begin_video_conversation.client_ip_hash, begin_video_conversation.max_duration_seconds)
  returning id into v_id;
  return v_id;
end;
$$;

-- Records what the platform answered, once: outcome 'started' with its conversation id, or 'failed'
-- with the error code the visitor got.
create function public.finish_video_conversation(
  conversation_id uuid,
  outcome text,
  platform_conversation_id text,
  error_code text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.video_conversations v
  set outcome = finish_video_conversation.outcome,
      platform_conversation_id = finish_video_conversation.platform_conversation_id,
      error_code = finish_video_conversation.error_code
  where v.id = finish_video_conversation.conversation_id and v.outcome = 'pending';
  return jsonb_build_object('recorded', found);
end;
$$;

-- Claims the end of a started conversation:
--   {"state": "unknown"}   no such conversation started (never, or its start failed);
--   {"state": "ended"}     already ended, or another request is ending it right now;
--   {"state": "claimed", "backend", "platformConversationId", "expired"}
--                          this request ends it; `expired`: past its time limit (plus a margin for
--                          the platform's own clock), so there is nothing left to end.
-- The row lock makes concurrent claims queue: exactly one gets "claimed". A claim older than a minute
-- is taken to be lost (its server died mid-request) and can be claimed again.
create function public.claim_video_conversation_end(conversation_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.video_conversations;
begin
  select * into v_row
  from public.video_conversations v
  where v.id = claim_video_conversation_end.conversation_id and v.outcome = 'started'
  for update;
  if not found then
    return jsonb_build_object('state', 'unknown');
  end if;
  if v_row.ended_at is not null or v_row.end_requested_at > now() - interval '1 minute' then
    return jsonb_build_object('state', 'ended');
  end if;
  update public.video_conversations v
  set end_requested_at = now()
  where v.id = v_row.id;
  return jsonb_build_object(
    'state', 'claimed',
    'backend', v_row.backend,
    'platformConversationId', v_row.platform_conversation_id,
    'expired', v_row.created_at + make_interval(secs => v_row.max_duration_seconds + 30) <= now()
  );
end;
$$;

-- Records how a claimed end went: `end_result` null means the platform could not end the call, so
-- the claim is released and a later request may try again.
create function public.finish_video_conversation_end(conversation_id uuid, end_result text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.video_conversations v
  set ended_at = case when finish_video_conversation_end.end_result is null then null else now() end,
      end_result = finish_video_conversation_end.end_result,
      end_requested_at = case when finish_video_conversation_end.end_result is null then null
                              else v.end_requested_at end
  where v.id = finish_video_conversation_end.conversation_id and v.ended_at is null;
  return jsonb_build_object('recorded', found);
end;
$$;

revoke all on function public.prune_call_records(integer, integer) from public, anon, authenticated;
revoke all on function public.settle_interrupted_calls(integer) from public, anon, authenticated;
revoke all on function public.begin_video_conversation(text, text, text, integer, integer)
  from public, anon, authenticated;
revoke all on function public.finish_video_conversation(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.claim_video_conversation_end(uuid) from public, anon, authenticated;
revoke all on function public.finish_video_conversation_end(uuid, text) from public, anon, authenticated;
grant execute on function public.prune_call_records(integer, integer) to service_role;
grant execute on function public.settle_interrupted_calls(integer) to service_role;
grant execute on function public.begin_video_conversation(text, text, text, integer, integer) to service_role;
grant execute on function public.finish_video_conversation(uuid, text, text, text) to service_role;
grant execute on function public.claim_video_conversation_end(uuid) to service_role;
grant execute on function public.finish_video_conversation_end(uuid, text) to service_role;

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

-- Queues one nudge about a prospect, unless one of the same kind was queued within the last
-- `dedupe_minutes` (sliding), in the caller's transaction, so the nudge exists exactly when what caused
-- it was stored. The unique key (prospect, kind, window) also stops two transactions racing past the
-- check. `seconds` is the talk time of a `talked` nudge. `link`: the rep's page of the prospect, or null.
-- Returns true when a nudge was queued.
create function public.enqueue_nudge(
  prospect_id uuid, kind text, seconds integer, dedupe_minutes integer, link text, at timestamptz
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_company text;
  v_what text;
  v_text text;
  v_window bigint;
  v_id bigint;
begin
  if dedupe_minutes is null or dedupe_minutes not between 1 and 10080 then
    raise exception 'dedupe_minutes must be 1 to 10080' using errcode = '22023';
  end if;
  if exists (
    select 1 from public.notification_outbox o
    where o.prospect_id = enqueue_nudge.prospect_id and o.kind = enqueue_nudge.kind
      and o.created_at > enqueue_nudge.at - make_interval(mins => dedupe_minutes)
  ) then
    return false;
  end if;
  select p.name, p.company_name into v_name, v_company from public.prospects p where p.id = enqueue_nudge.prospect_id;
  if not found then
    return false;
  end if;
  v_what := case kind
    when 'opened' then 'opened their demo page'
    when 'talked' then 'talked to their agent for ' || case
      when coalesce(seconds, 0) < 60 then 'under a minute'
      else (round(seconds / 60.0))::integer || ' min' end
    when 'booked' then 'booked a meeting'
  end;
  if v_what is null then
    raise exception 'unknown nudge kind %', kind using errcode = '22023';
  end if;
  v_text := v_name || ' (' || v_company || ') ' || v_what || coalesce(' <' || link || '|See their activity>', '');
  v_window := floor(extract(epoch from at) / (dedupe_minutes * 60));
  insert into public.notification_outbox (prospect_id, kind, dedupe_key, text, created_at, next_attempt_at)
  values (enqueue_nudge.prospect_id, kind, enqueue_nudge.prospect_id || ':' || kind || ':' || v_window, v_text, at, at)
  on conflict (dedupe_key) do nothing
  returning id into v_id;
  return v_id is not null;
end;
$$;

comment on function public.enqueue_nudge(uuid, text, integer, integer, text, timestamptz) is
  'Queues a nudge to the reps unless one of the kind was queued within the window; service_role only.';

-- Stores the voice platform's end-of-call report, once per call id: the platform retries and may send
-- a report twice, and the second must change nothing. The prospect is found by slug here, so a report
-- for an unknown prospect stores nothing. `nudge_dedupe_minutes` null: no nudge (nudges are off, or
-- the call was too short to be news); else a `talked` nudge with `link` is queued in this transaction.
-- {"status": "recorded" | "duplicate" | "unknown_prospect", "nudged": bool}.
create function public.record_call_report(
  call_id text, prospect_slug text, visit_id text, source text, started_at timestamptz, ended_at timestamptz,
  seconds integer, ended_reason text, summary text, transcript jsonb, nudge_dedupe_minutes integer,
  link text, at timestamptz
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_prospect uuid;
  v_call text;
  v_nudged boolean := false;
begin
  select p.id into v_prospect from public.prospects p where p.slug = record_call_report.prospect_slug;
  if v_prospect is null then
    return jsonb_build_object('status', 'unknown_prospect', 'nudged', false);
  end if;
  insert into public.call_reports (
    call_id, prospect_id, visit_id, source, started_at, ended_at, seconds, ended_reason, summary, transcript,
    received_at
  ) values (
    record_call_report.call_id, v_prospect, record_call_report.visit_id, record_call_report.source,
    record_call_report.started_at, record_call_report.ended_at, record_call_report.seconds,
    record_call_report.ended_reason, record_call_report.summary, record_call_report.transcript,
    record_call_report.at
  )
  on conflict (call_id) do nothing
  returning call_id into v_call;
  if v_call is null then
    return jsonb_build_object('status', 'duplicate', 'nudged', false);
  end if;
  if record_call_report.nudge_dedupe_minutes is not null then
    v_nudged := public.enqueue_nudge(
      v_prospect, 'talked', record_call_report.seconds, record_call_report.nudge_dedupe_minutes,
      record_call_report.link, record_call_report.at
    );
  end if;
  return jsonb_build_object('status', 'recorded', 'nudged', v_nudged);
end;
$$;

-- Claims up to `max_rows` due nudges (unsent, not given up, due by `at`, not leased by a live claim)
-- for `lease_seconds`: until then no other drainer claims them, so two drainers never send one
-- twice; a drainer that dies mid-send leaves the lease to expire, and the nudge is sent again after it.
-- `skip locked`: drainers claiming at once take different rows instead of waiting for each other.
-- {"nudges": [{"id", "text", "attempts"}], "next_at": the earliest time another one may be due, or null}.
create function public.claim_nudges(max_rows integer, lease_seconds integer, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_claimed jsonb;
  v_next timestamptz;
begin
  if max_rows is null or max_rows not between 1 and 100 or lease_seconds is null or lease_seconds < 1 then
    raise exception 'max_rows must be 1 to 100 and lease_seconds positive' using errcode = '22023';
  end if;
  with due as (
    select o.id from public.notification_outbox o
    where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= claim_nudges.at
      and (o.lease_until is null or o.lease_until <= claim_nudges.at)
    order by o.next_attempt_at, o.id
    limit claim_nudges.max_rows
    for update skip locked
  ), claimed as (
    update public.notification_outbox o
    set lease_until = claim_nudges.at + make_interval(secs => claim_nudges.lease_seconds)
    from due where o.id = due.id
    returning o.id, o.text, o.attempts, o.next_attempt_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'text', c.text, 'attempts', c.attempts)
    order by c.next_attempt_at, c.id), '[]'::jsonb)
  into v_claimed from claimed c;
  select min(greatest(o.next_attempt_at, coalesce(o.lease_until, o.next_attempt_at))) into v_next
  from public.notification_outbox o where o.sent_at is null and o.failed_at is null;
  return jsonb_build_object('nudges', v_claimed, 'next_at', v_next);
end;
$$;

-- Records one delivery attempt of a claimed nudge and ends its lease. `ok`: it was delivered. Else it
-- is tried again after a backoff that doubles from 30 s up to an hour, and given up (`failed_at`) at
-- the 30th failed attempt, about a day after the first: long enough to outlast an outage of the chat,
-- short enough that a revoked webhook (Slack answers 404 or 410) stops being tried.
-- A nudge already sent or given up is left as it is. {"state": "sent" | "retry" | "failed" | "gone",
-- "next_attempt_at": when it is tried again, or null}.
create function public.finish_nudge(id bigint, ok boolean, error text, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row public.notification_outbox;
begin
  update public.notification_outbox o
  set attempts = o.attempts + 1,
      lease_until = null,
      sent_at = case when finish_nudge.ok then finish_nudge.at end,
      last_error = case when finish_nudge.ok then o.last_error else left(finish_nudge.error, 500) end,
      next_attempt_at = case when finish_nudge.ok then o.next_attempt_at
        else finish_nudge.at + make_interval(secs => least(3600, 30 * power(2, least(o.attempts, 12)))) end,
      failed_at = case when not finish_nudge.ok and o.attempts + 1 >= 30 then finish_nudge.at end
  where o.id = finish_nudge.id and o.sent_at is null and o.failed_at is null
  returning * into v_row;
  if v_row.id is null then
    return jsonb_build_object('state', 'gone', 'next_attempt_at', null);
  end if;
  return jsonb_build_object(
    'state', case when v_row.sent_at is not null then 'sent' when v_row.failed_at is not null then 'failed' else 'retry' end,
    'next_attempt_at', case when v_row.sent_at is null and v_row.failed_at is null then v_row.next_attempt_at end
  );
end;
$$;

-- The leases a stopped server left: only for a server that is the database's one drainer (the
-- embedded database's data-directory lock), at its start, so what it was sending when it died goes
-- out now instead of after the lease. Returns how many were released.
create function public.release_nudge_leases()
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.notification_outbox o set lease_until = null
  where o.lease_until is not null and o.sent_at is null and o.failed_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on function public.enqueue_nudge(uuid, text, integer, integer, text, timestamptz) from public, anon, authenticated;
revoke all on function public.record_call_report(
  text, text, text, text, timestamptz, timestamptz, integer, text, text, jsonb, integer, text, timestamptz
) from public, anon, authenticated;
revoke all on function public.claim_nudges(integer, integer, timestamptz) from public, anon, authenticated;
revoke all on function public.finish_nudge(bigint, boolean, text, timestamptz) from public, anon, authenticated;
revoke all on function public.release_nudge_leases() from public, anon, authenticated;
grant execute on function public.enqueue_nudge(uuid, text, integer, integer, text, timestamptz) to service_role;
grant execute on function public.record_call_report(
  text, text, text, text, timestamptz, timestamptz, integer, text, text, jsonb, integer, text, timestamptz
) to service_role;
grant execute on function public.claim_nudges(integer, integer, timestamptz) to service_role;
grant execute on function public.finish_nudge(bigint, boolean, text, timestamptz) to service_role;
grant execute on function public.release_nudge_leases() to service_role;

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

-- Stores several event batches (one per request; the server groups requests that arrive together
-- into one call, so the embedded database commits once for all of them) and answers one result per
-- batch, in order.
-- `batches`: [{"addressKey": hex | null, "visit": text, "events": [{"slug", "name", "detail"}]}],
-- validated by the server. Per batch, all or nothing:
--   * limits, counted in rate_limit_counters like check_rate_limits (fixed one-minute windows aligned
--     to the epoch, so every server agrees): one batch per client address (`events:ip:<key>`, at most
--     `address_limit` a minute) and one per event per prospect (`events:prospect:<slug>`, at most
--     `prospect_limit` events a minute). A batch over either stores nothing and counts nothing:
--     {"accepted": 0, "blocked": [keys], "retryAfterSeconds": n, "nudged": false};
--   * otherwise its events are stored at `at` (the server's clock, which tests set; it also places the
--     limits' windows), except those for an unknown slug or the fallback prospect `visitor` (a typo or
--     a deleted prospect: nothing to learn, nothing to tell the browser):
--     {"accepted": n, "blocked": [], "retryAfterSeconds": 0, "nudged": bool}.
-- Nudges (`dedupe_minutes` not null): an opened page, a booked meeting and a browser demo call of
-- 10 seconds or more (shorter ones are misclicks) each queue one nudge through enqueue_nudge, which
-- keeps one per prospect and kind within the window. `link_prefix` || slug is the rep's page of the
-- prospect in the nudge, or null.
-- Concurrency: every counter row the call counts in is locked in one order (by key) before any is
-- read for the decision, so concurrent calls queue per bucket and never deadlock; a counter this
-- call created and left at 0 (every batch using it refused) is deleted again.
create function public.record_events(
  batches jsonb, address_limit integer, prospect_limit integer, dedupe_minutes integer, link_prefix text,
  at timestamptz
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_window constant integer := 60;
  v_now timestamptz := record_events.at;
  v_start timestamptz;
  v_retry integer;
  v_ids jsonb;
  -- Each batch's costs, one row per batch and bucket, ordered by batch: batch, bucket, cost.
  v_ci bigint[];
  v_ck text[];
  v_cc integer[];
  v_seen jsonb;
  v_hits jsonb;
  v_hopeless bigint[] := '{}';
  v_keys text[];
  v_allowed bigint[] := '{}';
  v_results jsonb := '[]';
  v_blocked text[];
  v_accepted integer;
  v_p integer;
  v_q integer;
  v_r integer;
  v_nudge record;
begin
  if jsonb_typeof(batches) is distinct from 'array' or jsonb_array_length(batches) not between 1 and 1000 then
    raise exception 'batches must be a JSON array of 1 to 1000 objects' using errcode = '22023';
  end if;
  if address_limit is null or address_limit < 0 or prospect_limit is null or prospect_limit < 0 then
    raise exception 'the limits must be 0 or more' using errcode = '22023';
  end if;
  if dedupe_minutes is not null and dedupe_minutes not between 1 and 10080 then
    raise exception 'dedupe_minutes must be null (no nudges) or 1 to 10080' using errcode = '22023';
  end if;
  v_start := to_timestamp(floor(extract(epoch from v_now) / c_window) * c_window);
  v_retry := greatest(1, ceil(extract(epoch from v_start + make_interval(secs => c_window) - v_now))::integer);

  -- Slug -> prospect id, for the prospects that exist; never the fallback.
  select coalesce(jsonb_object_agg(p.slug, p.id), '{}') into v_ids
  from public.prospects p
  where p.slug <> 'visitor' and p.slug in (
    select e.val ->> 'slug'
    from jsonb_array_elements(batches) as x(val), jsonb_array_elements(x.val -> 'events') as e(val)
  );

  -- What each batch costs: 1 in its address's bucket, and its number of events in each prospect's.
  select coalesce(array_agg(t.i order by t.i, t.key), '{}'), coalesce(array_agg(t.key order by t.i, t.key), '{}'),
    coalesce(array_agg(t.cost order by t.i, t.key), '{}')
  into v_ci, v_ck, v_cc
  from (
    select x.i, 'events:ip:' || coalesce(x.val ->> 'addressKey', 'unknown') as key, 1 as cost
    from jsonb_array_elements(batches) with ordinality as x(val, i)
    union all
    select x.i, 'events:prospect:' || (e.val ->> 'slug'), count(*)::integer
    from jsonb_array_elements(batches) with ordinality as x(val, i), jsonb_array_elements(x.val -> 'events') as e(val)
    where v_ids ? (e.val ->> 'slug')
    group by x.i, e.val ->> 'slug'
  ) t;

  -- First look, without locks: counts only grow within a window, so a bucket already too full for a
  -- batch refuses it before anything is written.
  select coalesce(jsonb_object_agg(r.bucket, r.hits), '{}') into v_seen
  from public.rate_limit_counters r
  where r.bucket = any(v_ck) and r.window_seconds = c_window and r.window_start = v_start;
  for v_r in 1 .. cardinality(v_ci) loop
    if coalesce((v_seen ->> v_ck[v_r])::integer, 0) + v_cc[v_r]
      > (case when v_ck[v_r] like 'events:ip:%' then address_limit else prospect_limit end) then
      v_hopeless := v_hopeless || v_ci[v_r];
    end if;
  end loop;

  -- The buckets of the batches that may still pass, created when missing and locked, in key order.
  select coalesce(array_agg(distinct t.key order by t.key), '{}') into v_keys
  from unnest(v_ci, v_ck) as t(i, key)
  where t.i <> all(v_hopeless);
  with locked as (
    insert into public.rate_limit_counters as r (bucket, window_seconds, window_start)
    select k, c_window, v_start from unnest(v_keys) as k order by k
    on conflict (bucket, window_seconds, window_start) do update set hits = r.hits
    returning r.bucket, r.hits
  )
  select coalesce(jsonb_object_agg(l.bucket, l.hits), '{}') into v_hits from locked l;

  -- The decisions, batch by batch in order, each seeing the counts the ones before it left. A
  -- bucket left unlocked (all its batches hopeless) is judged by its first look.
  v_p := 1;
  while v_p <= cardinality(v_ci) loop
    v_q := v_p;
    v_blocked := '{}';
    v_accepted := 0;
    while v_q <= cardinality(v_ci) and v_ci[v_q] = v_ci[v_p] loop
      if coalesce((v_hits ->> v_ck[v_q])::integer, (v_seen ->> v_ck[v_q])::integer, 0) + v_cc[v_q]
        > (case when v_ck[v_q] like 'events:ip:%' then address_limit else prospect_limit end) then
        v_blocked := v_blocked || v_ck[v_q];
      elsif v_ck[v_q] like 'events:prospect:%' then
        v_accepted := v_accepted + v_cc[v_q];
      end if;
      v_q := v_q + 1;
    end loop;
    if cardinality(v_blocked) = 0 then
      for v_r in v_p .. v_q - 1 loop
        v_hits := jsonb_set(v_hits, array[v_ck[v_r]], to_jsonb((v_hits ->> v_ck[v_r])::integer + v_cc[v_r]));
      end loop;
      v_allowed := v_allowed || v_ci[v_p];
      v_results := v_results || jsonb_build_array(
        jsonb_build_object('accepted', v_accepted, 'blocked', '[]'::jsonb, 'retryAfterSeconds', 0, 'nudged', false));
    else
      v_results := v_results || jsonb_build_array(
        jsonb_build_object('accepted', 0, 'blocked', to_jsonb(v_blocked), 'retryAfterSeconds', v_retry, 'nudged', false));
    end if;
    v_p := v_q;
  end loop;

  update public.rate_limit_counters r
  set hits = (v_hits ->> r.bucket)::integer
  where r.window_seconds = c_window and r.window_start = v_start and r.bucket = any(v_keys)
    and r.hits <> (v_hits ->> r.bucket)::integer;
  delete from public.rate_limit_counters r
  where r.window_seconds = c_window and r.window_start = v_start and r.bucket = any(v_keys) and r.hits = 0;
  -- Counters of windows that ended over an hour ago go, a few more than this call can add.
  delete from public.rate_limit_counters r
  where (r.bucket, r.window_seconds, r.window_start) in (
    select o.bucket, o.window_seconds, o.window_start
    from public.rate_limit_counters o
    where o.window_start < v_now - interval '1 hour'
      and o.window_start + make_interval(secs => o.window_seconds) <= v_now
    order by o.window_start
    limit 100 + 2 * cardinality(v_keys)
    for update skip locked
  );

  if cardinality(v_allowed) = 0 then
    return v_results;
  end if;

  insert into public.engagement_events (prospect_id, name, visit_id, detail, address_key, at)
  select (v_ids ->> (e.val ->> 'slug'))::uuid, e.val ->> 'name', x.val ->> 'visit',
    coalesce(e.val -> 'detail', '{}'), x.val ->> 'addressKey', v_now
  from jsonb_array_elements(batches) with ordinality as x(val, i)
    cross join lateral jsonb_array_elements(x.val -> 'events') with ordinality as e(val, j)
  where x.i = any(v_allowed) and v_ids ? (e.val ->> 'slug')
  order by x.i, e.j;

  if dedupe_minutes is not null then
    -- The first event of each prospect and kind stands for the others: enqueue_nudge would keep only
    -- one of them anyway. The batch that queued a nudge says so (`nudged`).
    for v_nudge in
      select d.prospect_id, d.kind, d.seconds, d.slug, d.i
      from (
        select distinct on (t.prospect_id, t.kind) t.prospect_id, t.kind, t.seconds, t.slug, t.i, t.j
        from (
          select (v_ids ->> (e.val ->> 'slug'))::uuid as prospect_id, e.val ->> 'slug' as slug, x.i, e.j,
            case e.val ->> 'name'
              when 'page_opened' then 'opened'
              when 'meeting_booked' then 'booked'
              when 'demo_call_ended' then
                case when (e.val -> 'detail' ->> 'seconds')::integer >= 10 then 'talked' end
            end as kind,
            case when e.val ->> 'name' = 'demo_call_ended' then (e.val -> 'detail' ->> 'seconds')::integer end
              as seconds
          from jsonb_array_elements(batches) with ordinality as x(val, i)
            cross join lateral jsonb_array_elements(x.val -> 'events') with ordinality as e(val, j)
          where x.i = any(v_allowed) and v_ids ? (e.val ->> 'slug')
        ) t
        where t.kind is not null
        order by t.prospect_id, t.kind, t.i, t.j
      ) d
      -- Queued in the order the events happened, so that they are delivered in that order.
      order by d.i, d.j
    loop
      if public.enqueue_nudge(v_nudge.prospect_id, v_nudge.kind, v_nudge.seconds, dedupe_minutes,
        link_prefix || v_nudge.slug, v_now) then
        v_results := jsonb_set(v_results, array[(v_nudge.i - 1)::text, 'nudged'], 'true');
      end if;
    end loop;
  end if;

  return v_results;
end;
$$;

comment on function public.record_events(jsonb, integer, integer, integer, text, timestamptz) is
  'Checks the limits, stores the browser''s event batches and queues their nudges, in one transaction; service_role only.';

-- Deletes engagement events and call reports older than `retention_days`, and nudges sent or given up
-- on before then (a nudge still waiting stays for its drainer), at most `max_rows` of each per call,
-- the oldest first, skipping rows another transaction holds.
-- Returns {"events": n, "callReports": n, "notifications": n}, the rows deleted.
create function public.prune_engagement(retention_days integer, max_rows integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_cutoff timestamptz;
  v_events integer;
  v_reports integer;
  v_notifications integer;
begin
  if retention_days is null or retention_days not between 1 and 3650 then
    raise exception 'retention_days must be 1 to 3650' using errcode = '22023';
  end if;
  if max_rows is null or max_rows not between 1 and 100000 then
    raise exception 'max_rows must be 1 to 100000' using errcode = '22023';
  end if;
  v_cutoff := now() - make_interval(days => retention_days);

  delete from public.engagement_events d
  where d.id in (
    select o.id from public.engagement_events o
    where o.at < v_cutoff
    order by o.at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_events = row_count;

  delete from public.call_reports d
  where d.call_id in (
    select o.call_id from public.call_reports o
    where o.received_at < v_cutoff
    order by o.received_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_reports = row_count;

  delete from public.notification_outbox d
  where d.id in (
    select o.id from public.notification_outbox o
    where o.created_at < v_cutoff and (o.sent_at is not null or o.failed_at is not null)
    order by o.created_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_notifications = row_count;

  return jsonb_build_object('events', v_events, 'callReports', v_reports, 'notifications', v_notifications);
end;
$$;

comment on function public.prune_engagement(integer, integer) is
  'Deletes engagement events, call reports and settled nudges older than the retention, a bounded number per call; service_role only.';

-- What a visit did, per prospect and visit, with its talk in its three parts (page, browser report,
-- phone report) and in all: `visit_key` is the visit id, or '' for the reports without one.
-- `since`: only what happened after it. The one place that sums a visit up from the rows, for the
-- rollups and for the hot rule's window alike.
create function public.engagement_visits(prospect_ids uuid[], since timestamptz)
returns table (
  prospect_id uuid, visit_key text, latest_at timestamptz, opened boolean, page_talk_seconds integer,
  browser_talk_seconds integer, phone_talk_seconds integer, talk_seconds integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  with events as (
    select e.prospect_id, e.visit_id, max(e.at) as latest, bool_or(e.name = 'page_opened') as opened,
      coalesce(sum((e.detail ->> 'seconds')::integer) filter (where e.name = 'demo_call_ended'), 0) as talk
    from public.engagement_events e
    where e.prospect_id = any (prospect_ids) and (since is null or e.at > since)
    group by e.prospect_id, e.visit_id
  ),
  reports as (
    select r.prospect_id, coalesce(r.visit_id, '') as visit_key, max(coalesce(r.ended_at, r.received_at)) as latest,
      coalesce(sum(r.seconds) filter (where r.source = 'browser'), 0) as browser,
      coalesce(sum(r.seconds) filter (where r.source = 'phone'), 0) as phone
    from public.call_reports r
    where r.prospect_id = any (prospect_ids)
      -- A call ends before its report arrives: the second test is the exact one, the first uses the index.
      and (since is null or (r.received_at > since and coalesce(r.ended_at, r.received_at) > since))
    group by r.prospect_id, coalesce(r.visit_id, '')
  )
  select coalesce(e.prospect_id, r.prospect_id), coalesce(e.visit_id, r.visit_key),
    greatest(e.latest, r.latest), coalesce(e.opened, false), coalesce(e.talk, 0)::integer,
    coalesce(r.browser, 0)::integer, coalesce(r.phone, 0)::integer,
    (greatest(coalesce(e.talk, 0), coalesce(r.browser, 0)) + coalesce(r.phone, 0))::integer
  from events e full join reports r on r.prospect_id = e.prospect_id and r.visit_key = e.visit_id;
$$;

-- Sums the prospects up again from their rows, both rollup tables (after a delete or an update).
create function public.refresh_engagement_rollups(prospect_ids uuid[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from public.engagement_visit_rollups v where v.prospect_id = any (prospect_ids);
  delete from public.engagement_rollups ro where ro.prospect_id = any (prospect_ids);
  insert into public.engagement_visit_rollups (
    prospect_id, visit_key, latest_at, opened, page_talk_seconds, browser_talk_seconds, phone_talk_seconds
  )
  select v.prospect_id, v.visit_key, v.latest_at, v.opened, v.page_talk_seconds, v.browser_talk_seconds,
    v.phone_talk_seconds
  from public.engagement_visits(prospect_ids, null) v
  -- A prospect being deleted takes its events along: nothing to sum up for it.
  where exists (select from public.prospects p where p.id = v.prospect_id);
  insert into public.engagement_rollups (prospect_id, latest_at, firsts, visits, talk_seconds)
  select a.prospect_id, a.latest_at, f.firsts, a.visits, a.talk_seconds
  from (
    select v.prospect_id, max(v.latest_at) as latest_at, (count(*) filter (where v.opened))::integer as visits,
      sum(greatest(v.page_talk_seconds, v.browser_talk_seconds) + v.phone_talk_seconds)::integer as talk_seconds
    from public.engagement_visit_rollups v
    where v.prospect_id = any (prospect_ids)
    group by v.prospect_id
  ) a
    cross join lateral (
      select jsonb_object_agg(k.kind, k.first_at) as firsts
      from (
        select e.name as kind, min(e.at) as first_at from public.engagement_events e
        where e.prospect_id = a.prospect_id group by e.name
        union all
        select 'call:' || r.source, min(coalesce(r.ended_at, r.received_at)) from public.call_reports r
        where r.prospect_id = a.prospect_id group by r.source
      ) k
    ) f;
$$;

-- Adds inserted rows to the totals: per visit (prospect, key) its latest time, whether it opened the
-- page and its talk (page, browser report, phone report) in the rows; per prospect and kind (an
-- event's name, or `call:browser` / `call:phone`) the earliest time in the rows. Parallel arrays.
-- Concurrency: the touched prospects' total rows are created or locked first, in id order, so writers
-- of one prospect take turns (no deadlock), and each later statement here, with a snapshot taken
-- after the lock, sees the visits as the previous writer committed them. Read committed, as on
-- Supabase; under a stricter isolation a concurrent writer makes the lock fail rather than miscount.
create function public.add_to_engagement_rollups(
  visit_prospect_ids uuid[], visit_keys text[], visit_latest_ats timestamptz[], visit_opened boolean[],
  visit_page_talk integer[], visit_browser_talk integer[], visit_phone_talk integer[],
  first_prospect_ids uuid[], first_kinds text[], first_ats timestamptz[]
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into public.engagement_rollups as ro (prospect_id, latest_at, firsts, visits, talk_seconds)
  select distinct p.id, '-infinity'::timestamptz, '{}'::jsonb, 0, 0
  from unnest(visit_prospect_ids) as p(id)
  order by p.id
  on conflict (prospect_id) do update set visits = ro.visits;

  with added as (
    select * from unnest(visit_prospect_ids, visit_keys, visit_latest_ats, visit_opened, visit_page_talk,
      visit_browser_talk, visit_phone_talk)
      as a(prospect_id, visit_key, latest_at, opened, page_talk, browser_talk, phone_talk)
  ),
  prior as (
    select v.prospect_id, v.visit_key, v.opened,
      greatest(v.page_talk_seconds, v.browser_talk_seconds) + v.phone_talk_seconds as talk
    from public.engagement_visit_rollups v
      join added a on a.prospect_id = v.prospect_id and a.visit_key = v.visit_key
  ),
  updated as (
    insert into public.engagement_visit_rollups as v (
      prospect_id, visit_key, latest_at, opened, page_talk_seconds, browser_talk_seconds, phone_talk_seconds
    )
    select a.prospect_id, a.visit_key, a.latest_at, a.opened, a.page_talk, a.browser_talk, a.phone_talk
    from added a
    order by a.prospect_id, a.visit_key
    on conflict (prospect_id, visit_key) do update set
      latest_at = greatest(v.latest_at, excluded.latest_at),
      opened = v.opened or excluded.opened,
      page_talk_seconds = v.page_talk_seconds + excluded.page_talk_seconds,
      browser_talk_seconds = v.browser_talk_seconds + excluded.browser_talk_seconds,
      phone_talk_seconds = v.phone_talk_seconds + excluded.phone_talk_seconds
    returning v.prospect_id, v.visit_key, v.latest_at, v.opened,
      greatest(v.page_talk_seconds, v.browser_talk_seconds) + v.phone_talk_seconds as talk
  ),
  changes as (
    select n.prospect_id, max(n.latest_at) as latest_at,
      (count(*) filter (where n.opened and not coalesce(b.opened, false)))::integer as visits,
      sum(n.talk - coalesce(b.talk, 0))::integer as talk
    from updated n
      left join prior b on b.prospect_id = n.prospect_id and b.visit_key = n.visit_key
    group by n.prospect_id
  ),
  firsts as (
    select f.prospect_id, jsonb_object_agg(f.kind, f.first_at) as firsts
    from (
      select f.prospect_id, f.kind, min(f.at) as first_at
      from unnest(first_prospect_ids, first_kinds, first_ats) as f(prospect_id, kind, at)
      group by f.prospect_id, f.kind
    ) f
    group by f.prospect_id
  )
  update public.engagement_rollups ro
  set latest_at = greatest(ro.latest_at, c.latest_at),
    visits = ro.visits + c.visits,
    talk_seconds = ro.talk_seconds + c.talk,
    -- Each kind keeps the earlier of its two first times.
    firsts = (
      select jsonb_object_agg(k.kind, k.first_at)
      from (
        select e.key as kind, min(e.value::timestamptz) as first_at
        from (
          select o.key, o.value from jsonb_each_text(ro.firsts) o
          union all
          select n.key, n.value from jsonb_each_text(coalesce(f.firsts, '{}'::jsonb)) n
        ) e
        group by e.key
      ) k
    )
  from changes c
    left join firsts f on f.prospect_id = c.prospect_id
  where ro.prospect_id = c.prospect_id;
end;
$$;

-- The rollups' triggers: inserted events and reports are added to the totals; a delete or an update
-- sums the touched prospects up again.
create function public.engagement_events_added() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.add_to_engagement_rollups(
    v.prospect_ids, v.keys, v.latest_ats, v.opened, v.page_talk, v.no_talk, v.no_talk,
    f.prospect_ids, f.kinds, f.ats
  )
  from (
    select array_agg(a.prospect_id) as prospect_ids, array_agg(a.visit_id) as keys,
      array_agg(a.latest_at) as latest_ats, array_agg(a.opened) as opened, array_agg(a.talk) as page_talk,
      array_agg(0) as no_talk
    from (
      select n.prospect_id, n.visit_id, max(n.at) as latest_at, bool_or(n.name = 'page_opened') as opened,
        coalesce(sum((n.detail ->> 'seconds')::integer) filter (where n.name = 'demo_call_ended'), 0)::integer
          as talk
      from new_rows n
      group by n.prospect_id, n.visit_id
    ) a
  ) v,
  (
    select array_agg(g.prospect_id) as prospect_ids, array_agg(g.name) as kinds, array_agg(g.at) as ats
    from (select n.prospect_id, n.name, min(n.at) as at from new_rows n group by n.prospect_id, n.name) g
  ) f
  where v.prospect_ids is not null;
  return null;
end;
$$;

-- A report dates from its call's end (when it was received, if the platform did not say).
create function public.call_reports_added() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.add_to_engagement_rollups(
    v.prospect_ids, v.keys, v.latest_ats, v.opened, v.no_talk, v.browser_talk, v.phone_talk,
    f.prospect_ids, f.kinds, f.ats
  )
  from (
    select array_agg(a.prospect_id) as prospect_ids, array_agg(a.visit_key) as keys,
      array_agg(a.latest_at) as latest_ats, array_agg(false) as opened, array_agg(0) as no_talk,
      array_agg(a.browser) as browser_talk, array_agg(a.phone) as phone_talk
    from (
      select n.prospect_id, coalesce(n.visit_id, '') as visit_key,
        max(coalesce(n.ended_at, n.received_at)) as latest_at,
        coalesce(sum(n.seconds) filter (where n.source = 'browser'), 0)::integer as browser,
        coalesce(sum(n.seconds) filter (where n.source = 'phone'), 0)::integer as phone
      from new_rows n
      group by n.prospect_id, coalesce(n.visit_id, '')
    ) a
  ) v,
  (
    select array_agg(g.prospect_id) as prospect_ids, array_agg(g.kind) as kinds, array_agg(g.at) as ats
    from (
      select n.prospect_id, 'call:' || n.source as kind, min(coalesce(n.ended_at, n.received_at)) as at
      from new_rows n
      group by n.prospect_id, n.source
    ) g
  ) f
  where v.prospect_ids is not null;
  return null;
end;
$$;

create function public.engagement_rollups_after_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.refresh_engagement_rollups(array(select distinct o.prospect_id from old_rows o));
  return null;
end;
$$;

create function public.engagement_rollups_after_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.refresh_engagement_rollups(array(
    select n.prospect_id from new_rows n union select o.prospect_id from old_rows o
  ));
  return null;
end;
$$;

-- Postgres allows transition tables only on single-event triggers: three per table.
create trigger engagement_events_rollup_insert after insert on public.engagement_events
  referencing new table as new_rows for each statement execute function public.engagement_events_added();
create trigger engagement_events_rollup_delete after delete on public.engagement_events
  referencing old table as old_rows for each statement execute function public.engagement_rollups_after_delete();
create trigger engagement_events_rollup_update after update on public.engagement_events
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.engagement_rollups_after_update();
create trigger call_reports_rollup_insert after insert on public.call_reports
  referencing new table as new_rows for each statement execute function public.call_reports_added();
create trigger call_reports_rollup_delete after delete on public.call_reports
  referencing old table as old_rows for each statement execute function public.engagement_rollups_after_delete();
create trigger call_reports_rollup_update after update on public.call_reports
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.engagement_rollups_after_update();

-- Each prospect's stage and hot, as of `at`, with what the rollup keeps: one row per prospect with
-- any activity (`only_prospect_id` null: every such prospect; else that one, or no row).
--   stage  the furthest stage any event or report reached (`stages[0]` when there is none);
--   hot    within `hot_within_hours` before `at`: reached `hot_min_stage` or further (a stage further
--          than any reached before the window: a demo tried last month and a short call today is not
--          new progress, a booking today after that demo is), or opened the page on `hot_min_visits`
--          visits, or talked `hot_min_talk_seconds` in all. Any of these implies activity within the
--          window, so only the prospects active in it are looked at again, from their recent rows.
create function public.engagement_summaries(only_prospect_id uuid, at timestamptz, rules jsonb)
returns table (
  prospect_id uuid, latest_at timestamptz, stage text, hot boolean, visits integer, talk_seconds integer
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_since timestamptz;
  v_stage_of text;
begin
  if rules is null or jsonb_typeof(rules -> 'stages') is distinct from 'array'
    or (rules ->> 'hot_within_hours') is null or (rules ->> 'hot_min_visits') is null
    or (rules ->> 'hot_min_talk_seconds') is null or (rules ->> 'hot_min_stage') is null then
    raise exception 'rules must name the stages and the hot rule''s constants' using errcode = '22023';
  end if;
  v_since := engagement_summaries.at - make_interval(hours => (rules ->> 'hot_within_hours')::integer);
  -- The stage of a rollup row, furthest first: `case when firsts ?| array[kinds of booked] then
  -- 'booked' when … else 'sent' end`, built from `rules` once rather than looked up per row.
  select 'case ' || coalesce(string_agg(format('when ro.firsts ?| %L then %L', k.kinds, k.stage), ' '
      order by k.rank desc), '') || format(' else %L end', rules -> 'stages' ->> 0)
  into v_stage_of
  from (
    select s.stage, s.n as rank, array_agg(m.kind) as kinds
    from jsonb_array_elements_text(rules -> 'stages') with ordinality as s (stage, n)
      join (
        select e.key as kind, e.value as stage from jsonb_each_text(rules -> 'stage_of_event') e
        union all
        select 'call:' || c.key, c.value from jsonb_each_text(rules -> 'stage_of_call') c
      ) m on m.stage = s.stage
    group by s.stage, s.n
  ) k;
  return query execute format($q$
    with ranks as (
      select s.stage, s.n::integer as rank
      from jsonb_array_elements_text($2 -> 'stages') with ordinality as s (stage, n)
    ),
    kind_ranks as (
      select m.key as kind, r.rank from jsonb_each_text($2 -> 'stage_of_event') m join ranks r on r.stage = m.value
      union all
      select 'call:' || m.key, r.rank from jsonb_each_text($2 -> 'stage_of_call') m join ranks r on r.stage = m.value
    ),
    base as (
      select ro.prospect_id, ro.latest_at, ro.firsts, ro.visits, ro.talk_seconds, %1$s as stage
      from public.engagement_rollups ro
      where $3::uuid is null or ro.prospect_id = $3::uuid
    ),
    recent as (select b.prospect_id, b.firsts from base b where b.latest_at > $4),
    -- Per recent prospect: the furthest stage reached before the window and at all; the visits that
    -- opened the page within the window and the time talked within it.
    progress as (
      select r.prospect_id,
        coalesce(max(k.rank) filter (where f.value::timestamptz <= $4), 0) as before_rank,
        coalesce(max(k.rank), 0) as rank
      from recent r cross join jsonb_each_text(r.firsts) f join kind_ranks k on k.kind = f.key
      group by r.prospect_id
    ),
    windowed as (
      select v.prospect_id, (count(*) filter (where v.opened))::integer as visits, sum(v.talk_seconds) as talk
      from public.engagement_visits(array(select prospect_id from recent), $4) v
      group by v.prospect_id
    )
    select b.prospect_id, b.latest_at, b.stage,
      coalesce(
        -- The furthest stage is further than any before the window: it was reached within it.
        p.rank >= (select r.rank from ranks r where r.stage = $2 ->> 'hot_min_stage') and p.rank > p.before_rank
        or w.visits >= ($2 ->> 'hot_min_visits')::integer
        or w.talk >= ($2 ->> 'hot_min_talk_seconds')::integer,
      false),
      b.visits, b.talk_seconds
    from base b
      left join progress p on p.prospect_id = b.prospect_id
      left join windowed w on w.prospect_id = b.prospect_id
  $q$, v_stage_of)
  using engagement_summaries.at, rules, engagement_summaries.only_prospect_id, v_since;
end;
$$;

-- One page of prospects (never the fallback `visitor`) with their engagement, newest activity first,
-- those with none last, then by company and slug. Filters as list_rep_prospects (`query` in slug,
-- name or company, case-insensitive; `owner_id`), and `stage` (exact, or null) and `hot_only`.
-- `page_size` null: every match (the CSV export). {"total": all matches, "prospects": [{slug, name,
-- company_name, owner: {id, email, role} | null, latest_at, stage, hot, visits, talk_seconds}]}.
-- Ordering needs every prospect's latest activity, so the summaries are computed in one pass over
-- the rollups, not per prospect.
create function public.list_prospect_activity(
  query text, owner_id uuid, stage text, hot_only boolean, at timestamptz, rules jsonb,
  page_offset integer, page_size integer
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_query text := lower(coalesce(list_prospect_activity.query, ''));
  v_sent text := list_prospect_activity.rules -> 'stages' ->> 0;
  v_offset integer := greatest(coalesce(list_prospect_activity.page_offset, 0), 0);
  v_total integer;
  v_page jsonb;
begin
  -- The page is cut first and only its rows become JSON, in one aggregate (ordered as the page).
  select coalesce(jsonb_agg(jsonb_build_object(
      'slug', t.slug, 'name', t.name, 'company_name', t.company_name,
      'owner', (select jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role)
        from public.reps r where r.id = t.owner_id),
      'latest_at', t.latest_at, 'stage', t.stage, 'hot', t.hot,
      'visits', t.visits, 'talk_seconds', t.talk_seconds
    ) order by t.latest_at desc nulls last, lower(t.company_name), t.slug), '[]'::jsonb),
    max(t.total)
  into v_page, v_total
  from (
    with matches as (
      select p.slug, p.name, p.company_name, p.owner_id, s.latest_at,
        coalesce(s.stage, v_sent) as stage, coalesce(s.hot, false) as hot,
        coalesce(s.visits, 0) as visits, coalesce(s.talk_seconds, 0) as talk_seconds
      from public.prospects p
        left join public.engagement_summaries(null, list_prospect_activity.at, list_prospect_activity.rules) s
          on s.prospect_id = p.id
      where p.slug <> 'visitor'
        and (v_query = '' or strpos(lower(p.slug || ' ' || p.name || ' ' || p.company_name), v_query) > 0)
        and (list_prospect_activity.owner_id is null or p.owner_id = list_prospect_activity.owner_id)
    )
    select m.*, count(*) over () as total
    from matches m
    where (list_prospect_activity.stage is null or m.stage = list_prospect_activity.stage)
      and (not coalesce(list_prospect_activity.hot_only, false) or m.hot)
    order by m.latest_at desc nulls last, lower(m.company_name), m.slug
    offset v_offset
    limit case when list_prospect_activity.page_size is null then null
      else greatest(1, least(list_prospect_activity.page_size, 200)) end
  ) t;
  -- A page past the end holds no row to carry the count: count apart (only then).
  if v_total is null then
    v_total := 0;
    if v_offset > 0 then
      select count(*)::integer into v_total
      from public.prospects p
        left join public.engagement_summaries(null, list_prospect_activity.at, list_prospect_activity.rules) s
          on s.prospect_id = p.id
      where p.slug <> 'visitor'
        and (v_query = '' or strpos(lower(p.slug || ' ' || p.name || ' ' || p.company_name), v_query) > 0)
        and (list_prospect_activity.owner_id is null or p.owner_id = list_prospect_activity.owner_id)
        and (list_prospect_activity.stage is null or coalesce(s.stage, v_sent) = list_prospect_activity.stage)
        and (not coalesce(list_prospect_activity.hot_only, false) or coalesce(s.hot, false));
    end if;
  end if;
  return jsonb_build_object('total', v_total, 'prospects', v_page);
end;
$$;

-- One prospect's engagement and timeline, or null when no prospect has `slug`: {"slug", "stage",
-- "hot", "entries": newest first, at most `max_entries`}. An entry is an event {"kind": "event",
-- "at", "name", "visit", "detail"} or a call report {"kind": "call_report", "at", "source",
-- "seconds", "ended_reason", "summary", "transcript"}, dated as engagement_summaries dates them.
create function public.get_prospect_timeline(slug text, at timestamptz, rules jsonb, max_entries integer)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_summary record;
  v_entries jsonb;
begin
  select p.id into v_id from public.prospects p where p.slug = get_prospect_timeline.slug;
  if v_id is null then
    return null;
  end if;
  select s.stage, s.hot into v_summary
  from public.engagement_summaries(v_id, get_prospect_timeline.at, get_prospect_timeline.rules) s;
  select coalesce(jsonb_agg(t.entry order by t.at desc, t.tie desc), '[]'::jsonb) into v_entries
  from (
    select * from (
      select e.at, e.id as tie, jsonb_build_object(
        'kind', 'event', 'at', e.at, 'name', e.name, 'visit', e.visit_id, 'detail', e.detail
      ) as entry
      from public.engagement_events e where e.prospect_id = v_id
      union all
      -- A report is the summing-up of its call: on a tie it comes above the call's own events.
      select coalesce(r.ended_at, r.received_at), 9223372036854775807, jsonb_build_object(
        'kind', 'call_report', 'at', coalesce(r.ended_at, r.received_at), 'source', r.source,
        'seconds', r.seconds, 'ended_reason', r.ended_reason, 'summary', r.summary,
        'transcript', r.transcript
      )
      from public.call_reports r where r.prospect_id = v_id
    ) u
    order by u.at desc, u.tie desc
    limit greatest(1, least(coalesce(get_prospect_timeline.max_entries, 200), 1000))
  ) t;
  return jsonb_build_object(
    'slug', get_prospect_timeline.slug,
    'stage', coalesce(v_summary.stage, get_prospect_timeline.rules -> 'stages' ->> 0),
    'hot', coalesce(v_summary.hot, false),
    'entries', v_entries
  );
end;
$$;

-- The rollups' own functions (the helpers and the triggers) are not granted to service_role beyond
-- Supabase's default grants: the server never calls them.
revoke all on function public.record_events(jsonb, integer, integer, integer, text, timestamptz) from public, anon, authenticated;
revoke all on function public.prune_engagement(integer, integer) from public, anon, authenticated;
revoke all on function public.engagement_visits(uuid[], timestamptz) from public, anon, authenticated;
revoke all on function public.refresh_engagement_rollups(uuid[]) from public, anon, authenticated;
revoke all on function public.add_to_engagement_rollups(
  uuid[], text[], timestamptz[], boolean[], integer[], integer[], integer[], uuid[], text[], timestamptz[]
) from public, anon, authenticated;
revoke all on function public.engagement_events_added() from public, anon, authenticated;
revoke all on function public.call_reports_added() from public, anon, authenticated;
revoke all on function public.engagement_rollups_after_delete() from public, anon, authenticated;
revoke all on function public.engagement_rollups_after_update() from public, anon, authenticated;
revoke all on function public.engagement_summaries(uuid, timestamptz, jsonb) from public, anon, authenticated;
revoke all on function public.list_prospect_activity(text, uuid, text, boolean, timestamptz, jsonb, integer, integer)
  from public, anon, authenticated;
revoke all on function public.get_prospect_timeline(text, timestamptz, jsonb, integer) from public, anon, authenticated;
grant execute on function public.record_events(jsonb, integer, integer, integer, text, timestamptz) to service_role;
grant execute on function public.prune_engagement(integer, integer) to service_role;
grant execute on function public.engagement_visits(uuid[], timestamptz) to service_role;
grant execute on function public.engagement_summaries(uuid, timestamptz, jsonb) to service_role;
grant execute on function public.list_prospect_activity(text, uuid, text, boolean, timestamptz, jsonb, integer, integer)
  to service_role;
grant execute on function public.get_prospect_timeline(text, timestamptz, jsonb, integer) to service_role;

-- ---------------------------------------------------------------------------------------------------
-- Sequences: the server alone inserts rows, so the roles a browser's key would have get none of the
-- sequences that the default privileges of a Supabase project hand them.
revoke all on all sequences in schema public from anon, authenticated;
