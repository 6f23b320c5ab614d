-- A setup link, as a server starts: recorded and true while no enabled admin exists; once one does,
-- false, and every setup link is forgotten. Expired links are deleted on the way.
create or replace function public.open_first_admin_setup(token_hash text, at timestamptz, expires_at timestamptz)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  delete from public.first_admin_tokens t where t.expires_at <= open_first_admin_setup.at;
  if exists (select 1 from public.reps r where r.role = 'admin' and r.disabled_at is null) then
    delete from public.first_admin_tokens t where true;
    return false;
  end if;
  insert into public.first_admin_tokens (token_hash, created_at, expires_at)
  values (open_first_admin_setup.token_hash, open_first_admin_setup.at, open_first_admin_setup.expires_at)
  on conflict do nothing;
  return true;
end;
$$;

revoke all on function public.open_first_admin_setup(text, timestamptz, timestamptz) from public, anon, authenticated;

grant execute on function public.open_first_admin_setup(text, timestamptz, timestamptz) to service_role;
