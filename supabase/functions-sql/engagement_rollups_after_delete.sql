create or replace function public.engagement_rollups_after_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.refresh_engagement_rollups(array(select distinct o.prospect_id from old_rows o));
  return null;
end;
$$;

revoke all on function public.engagement_rollups_after_delete() from public, anon, authenticated;

create or replace trigger engagement_events_rollup_delete after delete on public.engagement_events
  referencing old table as old_rows for each statement execute function public.engagement_rollups_after_delete();

create or replace trigger call_reports_rollup_delete after delete on public.call_reports
  referencing old table as old_rows for each statement execute function public.engagement_rollups_after_delete();
