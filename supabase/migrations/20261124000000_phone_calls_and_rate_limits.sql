-- Abuse limits and the record of outbound phone calls. Every call costs money and can be
-- pointed at anyone's phone, so the server counts requests per scope in Postgres (limits hold across
-- restarts and across many server instances) and records every attempt with its outcome.
-- Plain PostgreSQL 15: this runs on the embedded database and on hosted Supabase alike.
-- Browsers never touch any of it: RLS is on with no policy, and only service_role may execute the
-- functions. Numbers and client addresses arrive already replaced by an HMAC keyed with a server
-- secret, so the database never holds them in clear.

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

alter table public.rate_limit_counters enable row level security;
revoke all on table public.rate_limit_counters from anon, authenticated, service_role;
grant select on table public.rate_limit_counters to service_role;

-- Atomic check-and-count over several buckets at once, all or nothing: when any bucket is full,
-- none is counted (a refused request must not use up the others' budgets).
-- `buckets`: a JSON array of {"key": text, "limit": int >= 0, "windowSeconds": int > 0}; windows are
-- fixed and aligned to the epoch, so every server agrees on them.
-- Returns {"allowed": bool, "blocked": [keys], "retryAfterSeconds": int}, the wait until every full
-- bucket's window has ended.
-- Concurrency: each bucket's row is locked (FOR UPDATE) in one order (by key, then window) before any
-- is read, so concurrent callers queue per bucket, never deadlock, and each sees the count left by
-- the one before: N concurrent requests against a limit of L let exactly min(N, L) through.
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
  v_blocked text[] := '{}';
  v_retry integer := 0;
  v_keys text[] := '{}';
  v_windows integer[] := '{}';
  v_starts timestamptz[] := '{}';
begin
  if jsonb_typeof(buckets) is distinct from 'array' or jsonb_array_length(buckets) not between 1 and 16 then
    raise exception 'buckets must be a JSON array of 1 to 16 objects' using errcode = '22023';
  end if;

  -- Now and then, forget windows that ended more than an hour ago.
  if random() < 0.01 then
    delete from public.rate_limit_counters c
    where c.window_start + make_interval(secs => c.window_seconds) < now() - interval '1 hour';
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
    insert into public.rate_limit_counters (bucket, window_seconds, window_start)
    values (b.key, b.window_seconds, v_start)
    on conflict do nothing;
    select c.hits into v_hits
    from public.rate_limit_counters c
    where c.bucket = b.key and c.window_seconds = b.window_seconds and c.window_start = v_start
    for update;
    if v_hits >= b."limit" then
      v_blocked := v_blocked || b.key;
      v_retry := greatest(v_retry, ceil(extract(epoch from
        v_start + make_interval(secs => b.window_seconds) - now()))::integer);
    end if;
    v_keys := v_keys || b.key;
    v_windows := v_windows || b.window_seconds;
    v_starts := v_starts || v_start;
  end loop;

  if cardinality(v_blocked) = 0 then
    update public.rate_limit_counters c
    set hits = c.hits + 1
    from unnest(v_keys, v_windows, v_starts) as t(bucket, window_seconds, window_start)
    where c.bucket = t.bucket and c.window_seconds = t.window_seconds and c.window_start = t.window_start;
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

-- Every outbound phone-call attempt that got as far as the limits, with its outcome.
create table public.phone_call_attempts (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  -- The client's key while it can still replay the first answer (10 minutes); cleared afterwards, and
  -- at once when the attempt dialled nothing (limited), so the same key may try again.
  idempotency_key text constraint phone_call_attempts_idempotency_key unique
    constraint phone_call_attempts_key_format check (idempotency_key ~ '^[A-Za-z0-9_-]{16,100}$'),
  prospect_slug text not null,
  country text not null constraint phone_call_attempts_country_format check (country ~ '^[A-Z]{2}$'),
  -- HMAC-SHA256 (hex) of the E.164 number, keyed with the server's secret: never the number itself.
  number_hash text not null constraint phone_call_attempts_number_hash check (number_hash ~ '^[0-9a-f]{64}$'),
  -- HMAC-SHA256 (hex) of the client's address (IPv6: its /64), or null when it was unknown.
  client_ip_hash text constraint phone_call_attempts_ip_hash check (client_ip_hash ~ '^[0-9a-f]{64}$'),
  assistant_id text not null,
  outcome text not null default 'pending'
    constraint phone_call_attempts_outcome check (outcome in ('pending', 'succeeded', 'failed', 'rate_limited')),
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

alter table public.phone_call_attempts enable row level security;
revoke all on table public.phone_call_attempts from anon, authenticated, service_role;
grant select on table public.phone_call_attempts to service_role;

-- Starts an attempt under the client's idempotency key, or tells what became of the first one:
--   {"state": "started", "attemptId"}       a new attempt: go on to the limits and the call;
--   {"state": "pending"}                    the first request with this key is still running;
--   {"state": "finished", "outcome", "httpStatus", "errorCode", "errorMessage", "callId"}
--                                           replay that answer, dial nothing;
--   {"state": "mismatch"}                   the key was used for another number or prospect.
-- Two concurrent requests with one key: the unique index lets one insert win; the other waits for it
-- to commit, inserts nothing and reads the winner's row.
create function public.begin_phone_call_attempt(
  idempotency_key text,
  prospect_slug text,
  country text,
  number_hash text,
  client_ip_hash text,
  assistant_id text
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
begin
  -- After 10 minutes a key no longer replays: release it so it starts a new call.
  update public.phone_call_attempts a
  set idempotency_key = null
  where a.idempotency_key = begin_phone_call_attempt.idempotency_key
    and a.created_at < now() - interval '10 minutes';

  insert into public.phone_call_attempts
    (idempotency_key, prospect_slug, country, number_hash, client_ip_hash, assistant_id)
  values
    (begin_phone_call_attempt.idempotency_key, begin_phone_call_attempt.prospect_slug,
     begin_phone_call_attempt.country, begin_phone_call_attempt.number_hash,
     begin_phone_call_attempt.client_ip_hash, begin_phone_call_attempt.assistant_id)
  on conflict on constraint phone_call_attempts_idempotency_key do nothing
  returning id into v_id;
  if v_id is not null then
    return jsonb_build_object('state', 'started', 'attemptId', v_id);
  end if;

  select * into v_row
  from public.phone_call_attempts a
  where a.idempotency_key = begin_phone_call_attempt.idempotency_key;
  if not found then
    -- The first attempt released its key between our insert and this read: the caller may ask again.
    return jsonb_build_object('state', 'pending');
  end if;
  if v_row.prospect_slug <> begin_phone_call_attempt.prospect_slug
    or v_row.number_hash <> begin_phone_call_attempt.number_hash then
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
end;
$$;

comment on function public.begin_phone_call_attempt(text, text, text, text, text, text) is
  'Claims an idempotency key for a phone call, or returns what became of its first attempt; service_role only.';

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

-- Functions are executable by PUBLIC by default, and hosted Supabase grants new ones to anon and
-- authenticated too: take all of that back; only the server's service role may run them.
revoke all on function public.check_rate_limits(jsonb) from public, anon, authenticated;
revoke all on function public.begin_phone_call_attempt(text, text, text, text, text, text)
  from public, anon, authenticated;
revoke all on function public.finish_phone_call_attempt(uuid, text, integer, text, text, text, boolean)
  from public, anon, authenticated;
grant execute on function public.check_rate_limits(jsonb) to service_role;
grant execute on function public.begin_phone_call_attempt(text, text, text, text, text, text) to service_role;
grant execute on function public.finish_phone_call_attempt(uuid, text, integer, text, text, text, boolean)
  to service_role;
