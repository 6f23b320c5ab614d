-- Engagement reps can trust: what a visit reports is bounded by what a visit can be, and the facts the
-- server can check replace the browser's claims.
--   * A visit opens a prospect's page once and books once, and a scheduled meeting is booked once
--     (its address at the scheduler, which the page's booking carries, counts for one prospect):
--     unique indexes (the earliest of any duplicates already stored is kept) and record_events taking
--     a repeat and ignoring it.
--   * Talk time is the voice platform's, from its signed end-of-call reports: the page's own measure
--     of a browser call stays on its event for the timeline but no longer adds to the totals, and no
--     longer queues a "talked" nudge (the report does). The totals are summed up again to match.
-- (The server itself drops events without a visit token for their prospect, bounds a call's seconds by
-- the token's age, and stores a booking only once the scheduler confirms it.)

delete from public.engagement_events d
using public.engagement_events k
where d.name in ('page_opened', 'meeting_booked') and k.name = d.name and k.prospect_id = d.prospect_id
  and k.visit_id = d.visit_id and (k.at, k.id) < (d.at, d.id);

create unique index engagement_events_once_per_visit on public.engagement_events (prospect_id, visit_id, name)
  where name in ('page_opened', 'meeting_booked');
create unique index engagement_events_booking_once on public.engagement_events ((detail ->> 'eventUri'))
  where name = 'meeting_booked' and detail ? 'eventUri';

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
-- Nudges (`dedupe_minutes` not null): an opened page and a booked meeting, when stored (not a
-- repeat), each queue one nudge through enqueue_nudge, which keeps one per prospect and kind within
-- the window (a call's nudge comes with the voice platform's report of it). `link_prefix` || slug is the rep's page of the
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
  -- The opens and bookings this call stored, as [prospect id, visit, name]: only they can nudge.
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
              when 'meeting_booked' then 'booked'
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

-- What a visit did, per prospect and visit, with its talk in its three parts (page, browser report,
-- phone report) and in all: `visit_key` is the visit id, or '' for the reports without one.
-- `since`: only what happened after it. The one place that sums a visit up from the rows, for the
-- rollups and for the hot rule's window alike.
create or replace function public.engagement_visits(prospect_ids uuid[], since timestamptz)
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
      -- The page's own measure of a browser call is a claim, kept on its event; the voice platform's
      -- report is the fact that counts.
      0 as talk
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

-- The rollups' triggers: inserted events and reports are added to the totals; a delete or an update
-- sums the touched prospects up again.
create or replace function public.engagement_events_added() returns trigger
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
        -- The page's claim of talk counts for nothing: the platform's reports add theirs.
        0 as talk
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

select public.refresh_engagement_rollups(array_agg(p.id)) from public.prospects p;
