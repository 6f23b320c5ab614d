create or replace function public.engagement_rollups_after_update() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.refresh_engagement_rollups(array(
    select n.prospect_id from new_rows n union select o.prospect_id from old_rows o
  ));
  return null;
end;
$$;

revoke all on function public.engagement_rollups_after_update() from public, anon, authenticated;

create or replace trigger engagement_events_rollup_update after update on public.engagement_events
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.engagement_rollups_after_update();

create or replace trigger call_reports_rollup_update after update on public.call_reports
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.engagement_rollups_after_update();
