-- Sums the prospects up again from their rows, both rollup tables (after a delete or an update).
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

revoke all on function public.refresh_engagement_rollups(uuid[]) from public, anon, authenticated;
