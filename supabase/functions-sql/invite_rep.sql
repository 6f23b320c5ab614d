-- Invites a rep (email lower-cased) with a one-time password link.
-- {"status": "added"|"exists"|"forbidden", "added": bool, "rep": {"id", "email", "role"}|null}:
-- "exists" when the email is already a rep's (nothing changes then).
create or replace function public.invite_rep(
  email text, role text, token_hash text, at timestamptz, expires_at timestamptz, actor_id uuid default null
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
  if not public.rep_may_manage(invite_rep.actor_id) then
    return jsonb_build_object('status', 'forbidden', 'added', false, 'rep', null);
  end if;
  insert into public.reps as r (email, role, created_at)
  values (lower(trim(invite_rep.email)), invite_rep.role, invite_rep.at)
  on conflict ((lower(email))) do nothing
  returning * into v_rep;
  if v_rep.id is null then
    select * into v_rep from public.reps r where r.email = lower(trim(invite_rep.email));
    return jsonb_build_object('status', 'exists', 'added', false,
      'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role));
  end if;
  insert into public.rep_password_tokens (token_hash, rep_id, created_at, expires_at)
  values (invite_rep.token_hash, v_rep.id, invite_rep.at, invite_rep.expires_at);
  insert into public.rep_audit (rep_id, actor_id, action, at, role)
  values (v_rep.id, invite_rep.actor_id, 'invited', invite_rep.at, v_rep.role);
  return jsonb_build_object('status', 'added', 'added', true,
    'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role));
end;
$$;

revoke all on function public.invite_rep(text, text, text, timestamptz, timestamptz, uuid) from public, anon, authenticated;

grant execute on function public.invite_rep(text, text, text, timestamptz, timestamptz, uuid) to service_role;
