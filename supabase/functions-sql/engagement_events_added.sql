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

revoke all on function public.engagement_events_added() from public, anon, authenticated;

-- Postgres allows transition tables only on single-event triggers: three per table.
create or replace trigger engagement_events_rollup_insert after insert on public.engagement_events
  referencing new table as new_rows for each statement execute function public.engagement_events_added();
