-- Demo calls are kept as long as the call records (CALL_RECORD_RETENTION_DAYS).
create or replace function public.prune_demo_calls(before timestamptz)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from public.demo_appointments a where a.created_at < prune_demo_calls.before;
  delete from public.demo_calls d where d.created_at < prune_demo_calls.before;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on function public.prune_demo_calls(timestamptz) from public, anon, authenticated;

grant execute on function public.prune_demo_calls(timestamptz) to service_role;
