-- The reps' accounts, sign-in and sessions (tables: 20261201000000_reps.sql). Each function is one
-- transaction over PostgREST, so what must happen together does: disabling a rep ends their sessions,
-- setting a password uses up its link and signs the rep in. The server passes `at`, its clock, and
-- the lengths of time; hashes arrive already made (SHA-256 of tokens, HMAC keys for limits).
-- A rep as the API shows one: {"id", "email", "role"}.

-- A new rep (email lower-cased) with a one-time password link. {"added": false, "rep": …} when the
-- email is already a rep's (nothing changes then).
create function public.add_rep(email text, role text, token_hash text, at timestamptz, expires_at timestamptz)
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
  insert into public.reps as r (email, role, created_at) values (lower(trim(add_rep.email)), add_rep.role, add_rep.at)
  on conflict ((lower(email))) do nothing
  returning * into v_rep;
  if v_rep.id is null then
    select * into v_rep from public.reps r where r.email = lower(trim(add_rep.email));
    return jsonb_build_object('added', false, 'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role));
  end if;
  insert into public.rep_password_tokens (token_hash, rep_id, created_at, expires_at)
  values (add_rep.token_hash, v_rep.id, add_rep.at, add_rep.expires_at);
  return jsonb_build_object('added', true, 'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role));
end;
$$;

-- A new one-time link for a rep: the old password stops working, earlier links and every session
-- end. Null when no rep has this email. {"rep": …, "disabled": bool, "ended_sessions": n}.
create function public.reset_rep_password(email text, token_hash text, at timestamptz, expires_at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_rep public.reps;
  v_ended integer;
begin
  update public.reps r set password_hash = null where r.email = lower(trim(reset_rep_password.email))
  returning * into v_rep;
  if v_rep.id is null then
    return null;
  end if;
  update public.rep_password_tokens t set used_at = reset_rep_password.at
  where t.rep_id = v_rep.id and t.used_at is null;
  update public.rep_sessions s set ended_at = reset_rep_password.at
  where s.rep_id = v_rep.id and s.ended_at is null;
  get diagnostics v_ended = row_count;
  insert into public.rep_password_tokens (token_hash, rep_id, created_at, expires_at)
  values (reset_rep_password.token_hash, v_rep.id, reset_rep_password.at, reset_rep_password.expires_at);
  return jsonb_build_object(
    'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role),
    'disabled', v_rep.disabled_at is not null,
    'ended_sessions', v_ended
  );
end;
$$;

-- Disables (ending every session at once) or enables a rep. Null when no rep has this email.
-- {"rep": …, "changed": bool, "ended_sessions": n}.
create function public.set_rep_disabled(email text, disabled boolean, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_rep public.reps;
  v_was_disabled boolean;
  v_ended integer := 0;
begin
  select * into v_rep from public.reps r where r.email = lower(trim(set_rep_disabled.email)) for update;
  if v_rep.id is null then
    return null;
  end if;
  v_was_disabled := v_rep.disabled_at is not null;
  update public.reps r
  set disabled_at = case when set_rep_disabled.disabled then coalesce(r.disabled_at, set_rep_disabled.at) end
  where r.id = v_rep.id;
  if set_rep_disabled.disabled then
    update public.rep_sessions s set ended_at = set_rep_disabled.at where s.rep_id = v_rep.id and s.ended_at is null;
    get diagnostics v_ended = row_count;
  end if;
  return jsonb_build_object(
    'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role),
    'changed', v_was_disabled is distinct from set_rep_disabled.disabled,
    'ended_sessions', v_ended
  );
end;
$$;

-- Every rep by email: [{"id", "email", "role", "disabled", "password_set", "created_at"}].
create function public.list_reps()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', r.id, 'email', r.email, 'role', r.role, 'disabled', r.disabled_at is not null,
    'password_set', r.password_hash is not null, 'created_at', r.created_at
  ) order by r.email), '[]'::jsonb)
  from public.reps r;
$$;

-- Starts a sign-in: refused when the email's or the address's failures (attempts not known to have
-- succeeded) in the last `window_seconds` reached their limit, else recorded as pending.
-- {"allowed": bool, "retry_after_seconds": n, "attempt_id": uuid|null}. The keys are locked in one
-- order first, so attempts made at once queue and each sees the ones before: the limit is exact.
create function public.begin_rep_sign_in(
  email_key text, address_key text, at timestamptz, window_seconds integer, email_limit integer, address_limit integer
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_since timestamptz := begin_rep_sign_in.at - make_interval(secs => begin_rep_sign_in.window_seconds);
  v_retry integer := 0;
  v_freed timestamptz;
  v_id uuid;
  v_key text;
begin
  for v_key in
    select k from unnest(array[begin_rep_sign_in.email_key, begin_rep_sign_in.address_key]) as k
    where k is not null order by k
  loop
    perform pg_advisory_xact_lock(hashtextextended('rep-sign-in:' || v_key, 0));
  end loop;

  -- Now and then, forget attempts, sessions and links long past.
  if random() < 0.01 then
    delete from public.rep_sign_in_attempts a where a.at < begin_rep_sign_in.at - interval '1 day';
    delete from public.rep_sessions s where s.expires_at < begin_rep_sign_in.at - interval '30 days';
    delete from public.rep_password_tokens t where t.expires_at < begin_rep_sign_in.at - interval '30 days';
  end if;

  -- The failure whose window ends last among those that must end before a retry can pass.
  select max(f.at) into v_freed from (
    select a.at from public.rep_sign_in_attempts a
    where a.email_key = begin_rep_sign_in.email_key and a.at > v_since and a.succeeded is not true
    order by a.at desc offset greatest(begin_rep_sign_in.email_limit - 1, 0) limit 1
  ) f;
  if v_freed is not null then
    v_retry := ceil(extract(epoch from v_freed - v_since));
  end if;
  if begin_rep_sign_in.address_key is not null then
    select max(f.at) into v_freed from (
      select a.at from public.rep_sign_in_attempts a
      where a.address_key = begin_rep_sign_in.address_key and a.at > v_since and a.succeeded is not true
      order by a.at desc offset greatest(begin_rep_sign_in.address_limit - 1, 0) limit 1
    ) f;
    if v_freed is not null then
      v_retry := greatest(v_retry, ceil(extract(epoch from v_freed - v_since))::integer);
    end if;
  end if;
  if v_retry > 0 then
    return jsonb_build_object('allowed', false, 'retry_after_seconds', v_retry, 'attempt_id', null);
  end if;

  insert into public.rep_sign_in_attempts (at, email_key, address_key)
  values (begin_rep_sign_in.at, begin_rep_sign_in.email_key, begin_rep_sign_in.address_key)
  returning id into v_id;
  return jsonb_build_object('allowed', true, 'retry_after_seconds', 0, 'attempt_id', v_id);
end;
$$;

-- Ends a sign-in. `rep_id` null: it failed. Else, if the rep is still enabled, it succeeded and a
-- session starts with `token_hash`, answering the rep; null otherwise (the attempt counts as failed).
create function public.end_rep_sign_in(
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
  return jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role);
end;
$$;

-- The rep of a live session (not ended, not past its absolute expiry, used within `idle_seconds`,
-- its rep enabled), marking it used; null otherwise. The mark is written at most once a minute.
create function public.touch_rep_session(token_hash text, at timestamptz, idle_seconds integer)
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

-- Signs a session out. {"ended": bool}: false when it had already ended or never existed.
create function public.end_rep_session(token_hash text, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  update public.rep_sessions s set ended_at = end_rep_session.at
  where s.token_hash = end_rep_session.token_hash and s.ended_at is null;
  return jsonb_build_object('ended', found);
end;
$$;

-- Uses a one-time link: sets the password, ends the rep's other sessions and starts one with
-- `session_token_hash`. Null when the link is unknown, used, expired or its rep disabled.
create function public.set_rep_password(
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
  update public.reps r set password_hash = set_rep_password.password_hash where r.id = v_rep.id;
  update public.rep_sessions s set ended_at = set_rep_password.at where s.rep_id = v_rep.id and s.ended_at is null;
  insert into public.rep_sessions (token_hash, rep_id, created_at, last_seen_at, expires_at)
  values (set_rep_password.session_token_hash, v_rep.id, set_rep_password.at, set_rep_password.at,
    set_rep_password.session_expires_at);
  return jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role);
end;
$$;

revoke all on function public.add_rep(text, text, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.reset_rep_password(text, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.set_rep_disabled(text, boolean, timestamptz) from public, anon, authenticated;
revoke all on function public.list_reps() from public, anon, authenticated;
revoke all on function public.begin_rep_sign_in(text, text, timestamptz, integer, integer, integer)
  from public, anon, authenticated;
revoke all on function public.end_rep_sign_in(uuid, uuid, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.touch_rep_session(text, timestamptz, integer) from public, anon, authenticated;
revoke all on function public.end_rep_session(text, timestamptz) from public, anon, authenticated;
revoke all on function public.set_rep_password(text, text, text, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.add_rep(text, text, text, timestamptz, timestamptz) to service_role;
grant execute on function public.reset_rep_password(text, text, timestamptz, timestamptz) to service_role;
grant execute on function public.set_rep_disabled(text, boolean, timestamptz) to service_role;
grant execute on function public.list_reps() to service_role;
grant execute on function public.begin_rep_sign_in(text, text, timestamptz, integer, integer, integer) to service_role;
grant execute on function public.end_rep_sign_in(uuid, uuid, text, timestamptz, timestamptz) to service_role;
grant execute on function public.touch_rep_session(text, timestamptz, integer) to service_role;
grant execute on function public.end_rep_session(text, timestamptz) to service_role;
grant execute on function public.set_rep_password(text, text, text, timestamptz, timestamptz) to service_role;
