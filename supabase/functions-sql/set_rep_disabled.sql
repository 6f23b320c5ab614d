-- {"rep", "changed", "ended_sessions", "status"}; null when no rep has this email. `status`
-- "last_admin": refused, the rep is the last enabled admin.
create or replace function public.set_rep_disabled(email text, disabled boolean, at timestamptz)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select u.result || jsonb_build_object('changed', u.result ->> 'status' = 'updated')
  from public.reps r,
    lateral (select public.update_rep(r.id, null, set_rep_disabled.disabled, set_rep_disabled.at, null) as result) u
  where r.email = lower(trim(set_rep_disabled.email));
$$;

revoke all on function public.set_rep_disabled(text, boolean, timestamptz) from public, anon, authenticated;

grant execute on function public.set_rep_disabled(text, boolean, timestamptz) to service_role;
