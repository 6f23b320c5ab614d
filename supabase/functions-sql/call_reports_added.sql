-- A report dates from its call's end (when it was received, if the platform did not say).
create or replace function public.call_reports_added() returns trigger
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

revoke all on function public.call_reports_added() from public, anon, authenticated;

create or replace trigger call_reports_rollup_insert after insert on public.call_reports
  referencing new table as new_rows for each statement execute function public.call_reports_added();
