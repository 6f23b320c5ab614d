-- Team calls go with the call reports' retention.
create or replace function public.prune_team_call_reports(before timestamptz)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from public.team_call_reports r where r.received_at < prune_team_call_reports.before;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on function public.prune_team_call_reports(timestamptz) from public, anon, authenticated;

grant execute on function public.prune_team_call_reports(timestamptz) to service_role;
