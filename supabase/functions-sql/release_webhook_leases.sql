-- Frees the leases a stopped server left (the embedded database's one drainer, as it starts).
create or replace function public.release_webhook_leases()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.webhook_deliveries d set lease_until = null
  where d.lease_until is not null and d.delivered_at is null and d.failed_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on function public.release_webhook_leases() from public, anon, authenticated;

grant execute on function public.release_webhook_leases() to service_role;
