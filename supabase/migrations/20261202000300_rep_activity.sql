-- What the reps' activity pages read: each prospect's engagement summed up (stage, hot, latest
-- activity, visits, talk time), a page of prospects by latest activity, and one prospect's timeline.
--
-- The stage and hot rules are written here once, but their constants are not: every function takes
-- `rules`, built by the server from core/engagement.ts, so the pages' wording and this arithmetic
-- cannot disagree. `rules` is
--   {"stages": ["sent", …] (in order), "stage_of_event": {event name: stage},
--    "stage_of_call": {source: stage}, "hot_within_hours": 48, "hot_min_stage": "tried_demo",
--    "hot_min_visits": 2, "hot_min_talk_seconds": 60}.
-- `at` is the server's clock, so the 48-hour window is the same for the page and for its tests.

-- Each prospect's engagement summed up once per write, so that a list ordered by latest activity
-- reads one row per prospect, not every event (at 200,000 events, summing them per request took
-- seconds). Only what no rule decides is kept: the newest activity, when each kind of activity first
-- happened (`firsts`: an event's name, or `call:browser` / `call:phone` for a call report), the
-- visits that opened the page, and the time talked. Kept by the triggers below in the transaction that
-- writes the events or reports, so it is never behind; a prospect with nothing has no row.
--   talk_seconds: a browser call is reported twice, by the page (demo_call_ended) and by the voice
--   platform (its end-of-call report): per visit the larger of the two sums counts, so a call is never
--   counted twice and one whose report never came still counts. Phone calls have only their reports.
--   A report dates from its call's end (when it was received, if the platform did not say).
create table public.engagement_rollups (
  prospect_id uuid primary key references public.prospects (id) on delete cascade,
  latest_at timestamptz not null,
  firsts jsonb not null,
  visits integer not null,
  talk_seconds integer not null
);
create index engagement_rollups_latest on public.engagement_rollups (latest_at);
alter table public.engagement_rollups enable row level security;
revoke all on table public.engagement_rollups from anon, authenticated;
grant select on table public.engagement_rollups to service_role;

-- What a visit did, per prospect and visit (a report without a visit stands alone): the rows the
-- rollup and the hot rule's window are both summed from. `since`: only what happened after it.
create function public.engagement_visits(prospect_ids uuid[], since timestamptz)
returns table (
  prospect_id uuid, visit_id text, latest_at timestamptz, opened boolean, talk_seconds integer
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
    select r.prospect_id, r.visit_id, max(coalesce(r.ended_at, r.received_at)) as latest,
      coalesce(sum(r.seconds) filter (where r.source = 'browser'), 0) as browser,
      coalesce(sum(r.seconds) filter (where r.source = 'phone'), 0) as phone
    from public.call_reports r
    where r.prospect_id = any (prospect_ids)
      -- A call ends before its report arrives: the second test is the exact one, the first uses the index.
      and (since is null or (r.received_at > since and coalesce(r.ended_at, r.received_at) > since))
    group by r.prospect_id, r.visit_id
  )
  select coalesce(e.prospect_id, r.prospect_id), coalesce(e.visit_id, r.visit_id),
    greatest(e.latest, r.latest), coalesce(e.opened, false),
    (greatest(coalesce(e.talk, 0), coalesce(r.browser, 0)) + coalesce(r.phone, 0))::integer
  from events e full join reports r on r.prospect_id = e.prospect_id and r.visit_id = e.visit_id;
$$;

-- Sums up the prospects' engagement again (after any write to their events or reports).
create function public.refresh_engagement_rollups(prospect_ids uuid[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from public.engagement_rollups ro where ro.prospect_id = any (prospect_ids);
  insert into public.engagement_rollups (prospect_id, latest_at, firsts, visits, talk_seconds)
  select a.prospect_id, a.latest_at, f.firsts, a.visits, a.talk_seconds
  from (
    select v.prospect_id, max(v.latest_at) as latest_at, (count(*) filter (where v.opened))::integer as visits,
      sum(v.talk_seconds)::integer as talk_seconds
    from public.engagement_visits(prospect_ids, null) v
    group by v.prospect_id
  ) a
    -- A prospect being deleted takes its events along: nothing to sum up for it.
    join public.prospects p on p.id = a.prospect_id
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

create function public.engagement_rollups_after_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.refresh_engagement_rollups(array(select distinct n.prospect_id from new_rows n));
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
  referencing new table as new_rows for each statement execute function public.engagement_rollups_after_insert();
create trigger engagement_events_rollup_delete after delete on public.engagement_events
  referencing old table as old_rows for each statement execute function public.engagement_rollups_after_delete();
create trigger engagement_events_rollup_update after update on public.engagement_events
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.engagement_rollups_after_update();
create trigger call_reports_rollup_insert after insert on public.call_reports
  referencing new table as new_rows for each statement execute function public.engagement_rollups_after_insert();
create trigger call_reports_rollup_delete after delete on public.call_reports
  referencing old table as old_rows for each statement execute function public.engagement_rollups_after_delete();
create trigger call_reports_rollup_update after update on public.call_reports
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.engagement_rollups_after_update();

select public.refresh_engagement_rollups(array(
  select e.prospect_id from public.engagement_events e union select r.prospect_id from public.call_reports r
));

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
-- the events (a hash aggregate), not per prospect.
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

revoke all on function public.engagement_visits(uuid[], timestamptz) from public, anon, authenticated;
revoke all on function public.refresh_engagement_rollups(uuid[]) from public, anon, authenticated;
revoke all on function public.engagement_rollups_after_insert() from public, anon, authenticated;
revoke all on function public.engagement_rollups_after_delete() from public, anon, authenticated;
revoke all on function public.engagement_rollups_after_update() from public, anon, authenticated;
revoke all on function public.engagement_summaries(uuid, timestamptz, jsonb) from public, anon, authenticated;
revoke all on function public.list_prospect_activity(text, uuid, text, boolean, timestamptz, jsonb, integer, integer)
  from public, anon, authenticated;
revoke all on function public.get_prospect_timeline(text, timestamptz, jsonb, integer) from public, anon, authenticated;
grant execute on function public.engagement_visits(uuid[], timestamptz) to service_role;
grant execute on function public.engagement_summaries(uuid, timestamptz, jsonb) to service_role;
grant execute on function public.list_prospect_activity(text, uuid, text, boolean, timestamptz, jsonb, integer, integer)
  to service_role;
grant execute on function public.get_prospect_timeline(text, timestamptz, jsonb, integer) to service_role;
