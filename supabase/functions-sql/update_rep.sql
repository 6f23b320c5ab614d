-- Changes a rep's role and/or disables or enables them (null: leave as is), in that order, one trail
-- entry per change; disabling ends every session at once.
-- {"status": "updated"|"unchanged"|"not_found"|"self"|"last_admin"|"forbidden", "rep", "ended_sessions"}:
-- "self" when an admin would disable or demote themselves, "last_admin" when no other enabled admin
-- would be left; nothing changes then.
create or replace function public.update_rep(
  rep_id uuid, role text, disabled boolean, at timestamptz, actor_id uuid default null
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
  v_role text;
  v_disable boolean;
  v_ended integer := 0;
  v_changed boolean := false;
begin
  -- One queue for every change that could take an admin away; each then reads the state as it is.
  perform pg_advisory_xact_lock(hashtextextended('rep-admins', 0));
  if not public.rep_may_manage(update_rep.actor_id) then
    return jsonb_build_object('status', 'forbidden');
  end if;
  select * into v_rep from public.reps r where r.id = update_rep.rep_id for update;
  if v_rep.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  v_role := coalesce(update_rep.role, v_rep.role);
  v_disable := coalesce(update_rep.disabled, v_rep.disabled_at is not null);
  if v_rep.role = 'admin' and v_rep.disabled_at is null and (v_role <> 'admin' or v_disable) then
    if v_rep.id = update_rep.actor_id then
      return jsonb_build_object('status', 'self', 'ended_sessions', 0,
        'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role));
    end if;
    if not exists (
      select 1 from public.reps r where r.role = 'admin' and r.disabled_at is null and r.id <> v_rep.id
    ) then
      return jsonb_build_object('status', 'last_admin', 'ended_sessions', 0,
        'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role));
    end if;
  end if;

  if v_role <> v_rep.role then
    update public.reps r set role = v_role where r.id = v_rep.id;
    insert into public.rep_audit (rep_id, actor_id, action, at, role)
    values (v_rep.id, update_rep.actor_id, 'role_changed', update_rep.at, v_role);
    v_changed := true;
  end if;
  if v_disable and v_rep.disabled_at is null then
    update public.reps r set disabled_at = update_rep.at where r.id = v_rep.id;
    update public.rep_sessions s set ended_at = update_rep.at where s.rep_id = v_rep.id and s.ended_at is null;
    get diagnostics v_ended = row_count;
    insert into public.rep_audit (rep_id, actor_id, action, at, ended_sessions)
    values (v_rep.id, update_rep.actor_id, 'disabled', update_rep.at, v_ended);
    v_changed := true;
  elsif not v_disable and v_rep.disabled_at is not null then
    update public.reps r set disabled_at = null where r.id = v_rep.id;
    insert into public.rep_audit (rep_id, actor_id, action, at)
    values (v_rep.id, update_rep.actor_id, 'enabled', update_rep.at);
    v_changed := true;
  end if;
  return jsonb_build_object(
    'status', case when v_changed then 'updated' else 'unchanged' end,
    'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_role),
    'ended_sessions', v_ended
  );
end;
$$;

revoke all on function public.update_rep(uuid, text, boolean, timestamptz, uuid) from public, anon, authenticated;

grant execute on function public.update_rep(uuid, text, boolean, timestamptz, uuid) to service_role;
