-- Abuse must not grow the database: a request refused by a limit leaves no row behind anywhere. The
-- phone-call record is written only once the limits let the request through, and a refused check
-- leaves the counters as they were; counters are deleted once their window has ended.
-- Plain PostgreSQL 15: this runs on the embedded database and on hosted Supabase alike.

-- Same contract as before (see the phone-call migration), with two changes:
-- 1. A refusal writes nothing. Counters only grow, so a bucket read as full without a lock is full:
--    such a request is refused at once, without locking or inserting. Otherwise each bucket's row is
--    locked (created when missing) in one order, as before, and checked again; a request refused at
--    that point deletes the rows it created (still at 0).
-- 2. An allowed request deletes up to 100 counters whose window has ended (the oldest first, skipping
--    rows another request holds). It adds at most 16, so pruning keeps ahead of growth.
create or replace function public.check_rate_limits(buckets jsonb)
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

-- Claims an idempotency key and checks the limits in one transaction; replaces
-- begin_phone_call_attempt + check_rate_limits for the server (both stay for a server of the previous
-- release still running during a deploy). Answers:
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

-- Functions are executable by PUBLIC by default, and hosted Supabase grants new ones to anon and
-- authenticated too: take all of that back; only the server's service role may run them.
revoke all on function public.check_rate_limits(jsonb) from public, anon, authenticated;
revoke all on function public.claim_phone_call_attempt(text, text, text, text, text, text, jsonb, integer, integer)
  from public, anon, authenticated;
grant execute on function public.check_rate_limits(jsonb) to service_role;
grant execute on function public.claim_phone_call_attempt(text, text, text, text, text, text, jsonb, integer, integer)
  to service_role;
