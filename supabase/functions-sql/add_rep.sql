-- The command line's way to add a rep, by email, through the team's functions: the same trail
-- (actor null) and rules as the page.
create or replace function public.add_rep(email text, role text, token_hash text, at timestamptz, expires_at timestamptz)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select public.invite_rep(add_rep.email, add_rep.role, add_rep.token_hash, add_rep.at, add_rep.expires_at, null);
$$;

revoke all on function public.add_rep(text, text, text, timestamptz, timestamptz) from public, anon, authenticated;

grant execute on function public.add_rep(text, text, text, timestamptz, timestamptz) to service_role;
