-- {"rep", "disabled", "ended_sessions", …}; null when no rep has this email.
create or replace function public.reset_rep_password(email text, token_hash text, at timestamptz, expires_at timestamptz)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select public.send_rep_password_link(r.id, reset_rep_password.token_hash, reset_rep_password.at,
    reset_rep_password.expires_at, null)
  from public.reps r where r.email = lower(trim(reset_rep_password.email));
$$;

revoke all on function public.reset_rep_password(text, text, timestamptz, timestamptz) from public, anon, authenticated;

grant execute on function public.reset_rep_password(text, text, timestamptz, timestamptz) to service_role;
