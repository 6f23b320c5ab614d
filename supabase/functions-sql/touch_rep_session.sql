-- The rep of a live session (not ended, not past its absolute expiry, used within `idle_seconds`,
-- its rep enabled), marking it used; null otherwise. The mark is written at most once a minute.
create or replace function public.touch_rep_session(token_hash text, at timestamptz, idle_seconds integer)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_session public.rep_sessions;
  v_rep public.reps;
begin
  select * into v_session from public.rep_sessions s
  where s.token_hash = touch_rep_session.token_hash and s.ended_at is null
    and s.expires_at > touch_rep_session.at
    and s.last_seen_at + make_interval(secs => touch_rep_session.idle_seconds) > touch_rep_session.at;
  if v_session.token_hash is null then
    return null;
  end if;
  select * into v_rep from public.reps r where r.id = v_session.rep_id and r.disabled_at is null;
  if v_rep.id is null then
    return null;
  end if;
  if v_session.last_seen_at < touch_rep_session.at - interval '1 minute' then
    update public.rep_sessions s set last_seen_at = touch_rep_session.at
    where s.token_hash = touch_rep_session.token_hash;
  end if;
  return jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role);
end;
$$;

revoke all on function public.touch_rep_session(text, timestamptz, integer) from public, anon, authenticated;

grant execute on function public.touch_rep_session(text, timestamptz, integer) to service_role;
