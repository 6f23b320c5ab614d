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

comment on function public.check_rate_limits(jsonb) is
  'Atomic, all-or-nothing check-and-count of several rate-limit buckets; for the server (service_role) only.';

revoke all on function public.check_rate_limits(jsonb) from public, anon, authenticated;

grant execute on function public.check_rate_limits(jsonb) to service_role;
