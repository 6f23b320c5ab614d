-- The activity totals changed (facts were added, or a prospect's totals were rebuilt or removed).
create or replace function public.rollups_stage_times_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_rules jsonb := (select f.rules from public.funnel_stage_rules f limit 1);
begin
  if v_rules is null then return null; end if;
  update public.prospect_stage_times t
  set (opened_at, tried_demo_at, asked_call_at, booked_at) = (
    select x.at[2], x.at[3], x.at[4], x.at[5]
    from (select public.stage_times_of(n.firsts, t.sent_at, v_rules) as at) x
  )
  from new_rows n
  where t.prospect_id = n.prospect_id;
  return null;
end;
$$;

revoke all on function public.rollups_stage_times_changed() from public, anon, authenticated;

create or replace trigger rollups_stage_times_added after insert on public.engagement_rollups
  referencing new table as new_rows for each statement execute function public.rollups_stage_times_changed();

create or replace trigger rollups_stage_times_changed after update on public.engagement_rollups
  referencing new table as new_rows for each statement execute function public.rollups_stage_times_changed();
