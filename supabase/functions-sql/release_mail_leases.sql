-- Frees the leases a stopped server left (the embedded database's one drainer, as it starts).
create or replace function public.release_mail_leases()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.mail_outbox o set lease_until = null
  where o.lease_until is not null and o.sent_at is null and o.failed_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on function public.release_mail_leases() from public, anon, authenticated;

grant execute on function public.release_mail_leases() to service_role;
