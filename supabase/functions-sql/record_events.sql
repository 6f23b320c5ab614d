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
-- Nudges (`dedupe_minutes` not null): an opened page, when stored (not a repeat), queues one nudge
-- through enqueue_nudge, which keeps one per prospect and kind within the window (a call's nudge
-- comes with the voice platform's report of it, a booking's with the scheduler's webhook: a page's
-- word that it booked nudges no one). `link_prefix` || slug is the rep's page of the
-- prospect in the nudge, or null.
-- Concurrency: every counter row the call counts in is locked in one order (by key) before any is
-- read for the decision, so concurrent calls queue per bucket and never deadlock; a counter this
-- call created and left at 0 (every batch using it refused) is deleted again.
create or replace function public.record_events(
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
  -- The opens (and page booking claims) this call stored, as [prospect id, visit, name]: only opens nudge.
  v_new jsonb;
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

  -- A visit opens a prospect's page once and books once, a meeting is booked once: a repeat is taken
  -- and ignored, and nudges no one.
  with stored as (
    insert into public.engagement_events (prospect_id, name, visit_id, detail, address_key, at)
    select (v_ids ->> (e.val ->> 'slug'))::uuid, e.val ->> 'name', x.val ->> 'visit',
      coalesce(e.val -> 'detail', '{}'), x.val ->> 'addressKey', v_now
    from jsonb_array_elements(batches) with ordinality as x(val, i)
      cross join lateral jsonb_array_elements(x.val -> 'events') with ordinality as e(val, j)
    where x.i = any(v_allowed) and v_ids ? (e.val ->> 'slug')
    order by x.i, e.j
    on conflict do nothing
    returning prospect_id, visit_id, name
  )
  select coalesce(jsonb_agg(jsonb_build_array(s.prospect_id, s.visit_id, s.name)), '[]') into v_new
  from stored s
  where s.name in ('page_opened', 'meeting_booked');

  if dedupe_minutes is not null then
    -- The first event of each prospect and kind stands for the others: enqueue_nudge would keep only
    -- one of them anyway. The batch that queued a nudge says so (`nudged`).
    for v_nudge in
      select d.prospect_id, d.kind, d.slug, d.i
      from (
        select distinct on (t.prospect_id, t.kind) t.prospect_id, t.kind, t.slug, t.i, t.j
        from (
          select (v_ids ->> (e.val ->> 'slug'))::uuid as prospect_id, e.val ->> 'slug' as slug, x.i, e.j,
            case e.val ->> 'name'
              when 'page_opened' then 'opened'
            end as kind
          from jsonb_array_elements(batches) with ordinality as x(val, i)
            cross join lateral jsonb_array_elements(x.val -> 'events') with ordinality as e(val, j)
          where x.i = any(v_allowed) and v_ids ? (e.val ->> 'slug')
            and v_new @> jsonb_build_array(jsonb_build_array(v_ids -> (e.val ->> 'slug'), x.val ->> 'visit', e.val ->> 'name'))
        ) t
        where t.kind is not null
        order by t.prospect_id, t.kind, t.i, t.j
      ) d
      -- Queued in the order the events happened, so that they are delivered in that order.
      order by d.i, d.j
    loop
      if public.enqueue_nudge(v_nudge.prospect_id, v_nudge.kind, null, dedupe_minutes,
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

-- The rollups' own functions (the helpers and the triggers) are not granted to service_role beyond
-- Supabase's default grants: the server never calls them.
revoke all on function public.record_events(jsonb, integer, integer, integer, text, timestamptz) from public, anon, authenticated;

grant execute on function public.record_events(jsonb, integer, integer, integer, text, timestamptz) to service_role;
