-- "Forgot your password?": a new one-time link for the enabled rep with this email, or null. Unlike an
-- admin's new link it leaves the password and the sessions alone until the link is used, so asking for
-- a link in someone else's name locks nobody out.
create or replace function public.request_rep_password_link(email text, token_hash text, at timestamptz, expires_at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_rep public.reps;
begin
  select * into v_rep from public.reps r
  where r.email = lower(trim(request_rep_password_link.email)) and r.disabled_at is null;
  if v_rep.id is null then
    return null;
  end if;
  insert into public.rep_password_tokens (token_hash, rep_id, created_at, expires_at)
  values (request_rep_password_link.token_hash, v_rep.id, request_rep_password_link.at,
    request_rep_password_link.expires_at);
  return jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role);
end;
$$;

revoke all on function public.request_rep_password_link(text, text, timestamptz, timestamptz)
  from public, anon, authenticated;

grant execute on function public.request_rep_password_link(text, text, timestamptz, timestamptz) to service_role;
