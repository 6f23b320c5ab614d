-- The activity totals (engagement_rollups) are kept up incrementally on insert. Before, every insert
-- of events or reports summed the touched prospects up again from all of their events, so an insert
-- cost more the more a prospect had already done, and a busy prospect slowed the event ingest down.
-- Now an insert adds what it brings to the totals: its cost depends on the rows it inserts only.
-- Deleting or changing rows (retention, a prospect's removal) still sums the prospects up again: it is
-- rare, and a sum over what is left is the one way to take away a first time or a visit.
--
-- What makes the totals more than a sum is kept per visit: a visit counts as opened once however
-- often it opened the page, and a browser call's length is the larger of the page's figure and the
-- platform's report (phone calls only have reports). So each visit's figures live in
-- engagement_visit_rollups, and a prospect's totals change by the difference its visits made.

-- Per prospect and visit: what engagement_visits sums from the rows. `visit_key` is the visit id, or
-- '' for the reports that came without one (they count together, as one visit that opened nothing).
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
alter table public.engagement_visit_rollups enable row level security;
revoke all on table public.engagement_visit_rollups from anon, authenticated;

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

-- What a visit did, as before, with its talk also in its three parts, which the visits' rollups keep
-- apart: `visit_key` is the visit id, or '' for the reports without one. The one place that sums a
-- visit up from the rows, for the rollups and for the hot rule's window alike.
drop function public.engagement_visits(uuid[], timestamptz);
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
revoke all on function public.engagement_visits(uuid[], timestamptz) from public, anon, authenticated;
grant execute on function public.engagement_visits(uuid[], timestamptz) to service_role;

-- Sums the prospects up again from their rows, both tables (after a delete or an update).
create or replace function public.refresh_engagement_rollups(prospect_ids uuid[])
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

drop trigger engagement_events_rollup_insert on public.engagement_events;
drop trigger call_reports_rollup_insert on public.call_reports;
drop function public.engagement_rollups_after_insert();
create trigger engagement_events_rollup_insert after insert on public.engagement_events
  referencing new table as new_rows for each statement execute function public.engagement_events_added();
create trigger call_reports_rollup_insert after insert on public.call_reports
  referencing new table as new_rows for each statement execute function public.call_reports_added();

select public.refresh_engagement_rollups(array(
  select e.prospect_id from public.engagement_events e union select r.prospect_id from public.call_reports r
));

revoke all on function public.add_to_engagement_rollups(
  uuid[], text[], timestamptz[], boolean[], integer[], integer[], integer[], uuid[], text[], timestamptz[]
) from public, anon, authenticated;
revoke all on function public.engagement_events_added() from public, anon, authenticated;
revoke all on function public.call_reports_added() from public, anon, authenticated;
