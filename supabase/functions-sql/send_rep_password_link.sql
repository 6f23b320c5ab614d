-- A new one-time link for a rep: their earlier links and sessions end and their password is cleared.
-- Recorded as `link_resent` while they had no password, else as `password_reset`.
-- {"status": "sent"|"not_found"|"self"|"forbidden", "action", "rep", "disabled", "ended_sessions"}.
create or replace function public.send_rep_password_link(
  rep_id uuid, token_hash text, at timestamptz, expires_at timestamptz, actor_id uuid default null
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
  v_action text;
  v_ended integer;
begin
  if not public.rep_may_manage(send_rep_password_link.actor_id) then
    return jsonb_build_object('status', 'forbidden');
  end if;
  select * into v_rep from public.reps r where r.id = send_rep_password_link.rep_id for update;
  if v_rep.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v_rep.id = send_rep_password_link.actor_id then
    return jsonb_build_object('status', 'self',
      'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role));
  end if;
  v_action := case when v_rep.password_hash is null then 'link_resent' else 'password_reset' end;
  update public.reps r set password_hash = null where r.id = v_rep.id;
  update public.rep_password_tokens t set used_at = send_rep_password_link.at
  where t.rep_id = v_rep.id and t.used_at is null;
  update public.rep_sessions s set ended_at = send_rep_password_link.at
  where s.rep_id = v_rep.id and s.ended_at is null;
  get diagnostics v_ended = row_count;
  insert into public.rep_password_tokens (token_hash, rep_id, created_at, expires_at)
  values (send_rep_password_link.token_hash, v_rep.id, send_rep_password_link.at, send_rep_password_link.expires_at);
  insert into public.rep_audit (rep_id, actor_id, action, at, ended_sessions)
  values (v_rep.id, send_rep_password_link.actor_id, v_action, send_rep_password_link.at, v_ended);
  return jsonb_build_object(
    'status', 'sent',
    'action', v_action,
    'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role),
    'disabled', v_rep.disabled_at is not null,
    'ended_sessions', v_ended
  );
end;
$$;

revoke all on function public.send_rep_password_link(uuid, text, timestamptz, timestamptz, uuid)
  from public, anon, authenticated;

grant execute on function public.send_rep_password_link(uuid, text, timestamptz, timestamptz, uuid) to service_role;
