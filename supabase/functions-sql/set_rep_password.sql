-- Sets a rep's password: a sign-in, kept in the rep's trail.
create or replace function public.set_rep_password(
  token_hash text, password_hash text, session_token_hash text, at timestamptz, session_expires_at timestamptz
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_rep public.reps;
begin
  update public.rep_password_tokens t set used_at = set_rep_password.at
  from public.reps r
  where t.token_hash = set_rep_password.token_hash and t.used_at is null and t.expires_at > set_rep_password.at
    and r.id = t.rep_id and r.disabled_at is null
  returning r.* into v_rep;
  if v_rep.id is null then
    return null;
  end if;
  update public.reps r set password_hash = set_rep_password.password_hash, last_signed_in_at = set_rep_password.at
  where r.id = v_rep.id;
  update public.rep_sessions s set ended_at = set_rep_password.at where s.rep_id = v_rep.id and s.ended_at is null;
  insert into public.rep_sessions (token_hash, rep_id, created_at, last_seen_at, expires_at)
  values (set_rep_password.session_token_hash, v_rep.id, set_rep_password.at, set_rep_password.at,
    set_rep_password.session_expires_at);
  insert into public.rep_audit (rep_id, actor_id, action, at)
  values (v_rep.id, v_rep.id, 'password_set', set_rep_password.at);
  return jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role);
end;
$$;

revoke all on function public.set_rep_password(text, text, text, timestamptz, timestamptz) from public, anon, authenticated;

grant execute on function public.set_rep_password(text, text, text, timestamptz, timestamptz) to service_role;
