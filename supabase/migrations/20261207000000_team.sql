-- The team: admins manage reps in the browser (the team page under /_/), as an operator does with
-- `npm run reps`, and every change to an account is kept.
--
-- Both ways call the same functions, so both follow the same rules and write the same trail:
--   * rep_audit keeps every change to an account (invited, a new link sent, a password reset, disabled,
--     enabled, role changed; and the rep setting their password), who made it (null: the command line)
--     and when, written in the transaction of the change itself.
--   * reps.last_signed_in_at is set by every sign-in and every password set with a link.
--   * There is always an enabled admin: the last one can be neither disabled nor made a rep, so the
--     team page can never lock everybody out of it. Every change that could take an admin away takes
--     one lock first, so two made at once queue and the second sees what the first did.
--   * An admin on the page (`actor_id` given) must still be an enabled admin when the change runs, and
--     can neither disable nor demote themselves, nor reset their own password (which would sign them
--     out of the page they are using): another admin, or the command line, can.
--   * A new link (resend or reset) ends the rep's earlier links and sessions and clears the password:
--     a reset is for a password that is forgotten or may be known to someone else, so the old one must
--     stop working at once, not when the new one is set.
-- The email-keyed functions of the command line (add_rep, reset_rep_password, set_rep_disabled) keep
-- their arguments and answers and now go through the team's functions.

alter table public.reps add column last_signed_in_at timestamptz null;
comment on column public.reps.last_signed_in_at is 'The rep''s latest sign-in or password set with a link.';

-- Reps who signed in before this column: their latest session started at their latest sign-in.
update public.reps r set last_signed_in_at = s.latest
from (select s.rep_id, max(s.created_at) as latest from public.rep_sessions s group by s.rep_id) s
where s.rep_id = r.id;

-- Every change to a rep's account. The id orders changes made in one transaction (a role and a
-- disable at once), which share their `at`.
create table public.rep_audit (
  id bigint generated always as identity primary key,
  rep_id uuid not null references public.reps (id) on delete cascade,
  -- Who made the change: an admin, the rep themselves (password_set), or null for the command line.
  actor_id uuid null references public.reps (id) on delete set null,
  action text not null constraint rep_audit_action check (
    action in ('invited', 'link_resent', 'password_reset', 'password_set', 'disabled', 'enabled', 'role_changed')
  ),
  at timestamptz not null,
  -- invited: the role given; role_changed: the new role; else null.
  role text null constraint rep_audit_role check (role in ('admin', 'rep')),
  -- The sessions the change ended (disabled, password_reset); 0 otherwise.
  ended_sessions integer not null default 0
);
create index rep_audit_rep on public.rep_audit (rep_id, at desc, id desc);
comment on table public.rep_audit is 'Every change to a rep''s account: what, to whom, by whom (null: the command line), when.';

alter table public.rep_audit enable row level security;
revoke all on table public.rep_audit from anon, authenticated;
grant select, insert, update, delete on table public.rep_audit to service_role;

-- Whether `actor_id` may manage the team now: the command line (null) may; a rep only while an
-- enabled admin.
create function public.rep_may_manage(actor_id uuid)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select rep_may_manage.actor_id is null or exists (
    select 1 from public.reps r
    where r.id = rep_may_manage.actor_id and r.role = 'admin' and r.disabled_at is null
  )
$$;

-- Invites a rep (email lower-cased) with a one-time password link.
-- {"status": "added"|"exists"|"forbidden", "added": bool, "rep": {"id", "email", "role"}|null}:
-- "exists" when the email is already a rep's (nothing changes then).
create function public.invite_rep(
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

-- A new one-time link for a rep: their earlier links and sessions end and their password is cleared.
-- Recorded as `link_resent` while they had no password, else as `password_reset`.
-- {"status": "sent"|"not_found"|"self"|"forbidden", "action", "rep", "disabled", "ended_sessions"}.
create function public.send_rep_password_link(
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

-- Changes a rep's role and/or disables or enables them (null: leave as is), in that order, one trail
-- entry per change; disabling ends every session at once.
-- {"status": "updated"|"unchanged"|"not_found"|"self"|"last_admin"|"forbidden", "rep", "ended_sessions"}:
-- "self" when an admin would disable or demote themselves, "last_admin" when no other enabled admin
-- would be left; nothing changes then.
create function public.update_rep(
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

-- Every rep by email, for the team page: [{"id", "email", "role", "disabled", "password_set",
-- "created_at", "last_signed_in_at", "link_expires_at"}]; `link_expires_at`: when the newest unused
-- link stops working (perhaps already past), null when there is none.
create function public.list_team()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', r.id, 'email', r.email, 'role', r.role, 'disabled', r.disabled_at is not null,
    'password_set', r.password_hash is not null, 'created_at', r.created_at,
    'last_signed_in_at', r.last_signed_in_at,
    'link_expires_at', (
      select max(t.expires_at) from public.rep_password_tokens t where t.rep_id = r.id and t.used_at is null
    )
  ) order by r.email), '[]'::jsonb)
  from public.reps r;
$$;

-- One rep's trail, newest first, at most `max_rows`: [{"action", "at", "actor", "role", "ended_sessions"}],
-- `actor` {"id", "email", "role"} or null (the command line). Null when no rep has this id.
create function public.list_rep_history(rep_id uuid, max_rows integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select case when not exists (select 1 from public.reps r where r.id = list_rep_history.rep_id) then null
  else (
    select coalesce(jsonb_agg(jsonb_build_object(
      'action', h.action, 'at', h.at, 'actor', h.actor, 'role', h.role, 'ended_sessions', h.ended_sessions
    ) order by h.at desc, h.id desc), '[]'::jsonb)
    from (
      select a.id, a.action, a.at, a.role, a.ended_sessions,
        case when r.id is not null then jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role) end as actor
      from public.rep_audit a
        left join public.reps r on r.id = a.actor_id
      where a.rep_id = list_rep_history.rep_id
      order by a.at desc, a.id desc
      limit greatest(1, least(coalesce(list_rep_history.max_rows, 50), 500))
    ) h
  ) end;
$$;

-- The command line's functions, by email, now through the team's: the same answers as before, and the
-- same trail (actor null) and rules as the page.
create or replace function public.add_rep(email text, role text, token_hash text, at timestamptz, expires_at timestamptz)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select public.invite_rep(add_rep.email, add_rep.role, add_rep.token_hash, add_rep.at, add_rep.expires_at, null);
$$;

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

-- As before, and a successful sign-in is the rep's latest.
create or replace function public.end_rep_sign_in(
  attempt_id uuid, rep_id uuid, token_hash text, at timestamptz, expires_at timestamptz
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
  select * into v_rep from public.reps r
  where r.id = end_rep_sign_in.rep_id and r.disabled_at is null and r.password_hash is not null;
  update public.rep_sign_in_attempts a set succeeded = v_rep.id is not null where a.id = end_rep_sign_in.attempt_id;
  if v_rep.id is null then
    return null;
  end if;
  insert into public.rep_sessions (token_hash, rep_id, created_at, last_seen_at, expires_at)
  values (end_rep_sign_in.token_hash, v_rep.id, end_rep_sign_in.at, end_rep_sign_in.at, end_rep_sign_in.expires_at);
  update public.reps r set last_signed_in_at = end_rep_sign_in.at where r.id = v_rep.id;
  return jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role);
end;
$$;

-- As before, and setting a password is a sign-in, and is kept in the rep's trail.
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

revoke all on function public.rep_may_manage(uuid) from public, anon, authenticated;
revoke all on function public.invite_rep(text, text, text, timestamptz, timestamptz, uuid) from public, anon, authenticated;
revoke all on function public.send_rep_password_link(uuid, text, timestamptz, timestamptz, uuid)
  from public, anon, authenticated;
revoke all on function public.update_rep(uuid, text, boolean, timestamptz, uuid) from public, anon, authenticated;
revoke all on function public.list_team() from public, anon, authenticated;
revoke all on function public.list_rep_history(uuid, integer) from public, anon, authenticated;
grant execute on function public.rep_may_manage(uuid) to service_role;
grant execute on function public.invite_rep(text, text, text, timestamptz, timestamptz, uuid) to service_role;
grant execute on function public.send_rep_password_link(uuid, text, timestamptz, timestamptz, uuid) to service_role;
grant execute on function public.update_rep(uuid, text, boolean, timestamptz, uuid) to service_role;
grant execute on function public.list_team() to service_role;
grant execute on function public.list_rep_history(uuid, integer) to service_role;
