-- The leases a stopped server left: only for a server that is the database's one drainer (the
-- embedded database's data-directory lock), at its start, so what it was sending when it died goes
-- out now instead of after the lease. Returns how many were released.
create or replace function public.release_nudge_leases()
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.notification_outbox o set lease_until = null
  where o.lease_until is not null and o.sent_at is null and o.failed_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on function public.release_nudge_leases() from public, anon, authenticated;

grant execute on function public.release_nudge_leases() to service_role;
