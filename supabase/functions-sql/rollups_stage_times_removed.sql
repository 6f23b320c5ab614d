create or replace function public.rollups_stage_times_removed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_rules jsonb := (select f.rules from public.funnel_stage_rules f limit 1);
begin
  if v_rules is null then return null; end if;
  update public.prospect_stage_times t
  set opened_at = null, tried_demo_at = null, asked_call_at = null, booked_at = null
  from old_rows o
  where t.prospect_id = o.prospect_id;
  return null;
end;
$$;

revoke all on function public.rollups_stage_times_removed() from public, anon, authenticated;

create or replace trigger rollups_stage_times_removed after delete on public.engagement_rollups
  referencing old table as old_rows for each statement execute function public.rollups_stage_times_removed();
