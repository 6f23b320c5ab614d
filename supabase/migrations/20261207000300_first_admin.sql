-- The first admin of a new install, without stopping the server.
--
-- While no enabled admin exists, the Node server makes a setup link as it starts and prints it (its
-- token in the link's fragment; stored here only as a SHA-256, like the reps' one-time links). Whoever
-- opens it chooses the admin's email and password and is signed in. A link works until an enabled
-- admin exists, for 24 hours at most (the server passes the time); each start while none exists makes
-- a new one, and several servers on one database each print a link that works. Once an admin exists,
-- every link stops working, however the admin came (this page, or `npm run reps -- add … --admin`).

create table public.first_admin_tokens (
  token_hash text primary key constraint first_admin_tokens_token_hash check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  expires_at timestamptz not null
);
comment on table public.first_admin_tokens is 'Setup links for the first admin, by SHA-256; useless once an enabled admin exists.';

alter table public.first_admin_tokens enable row level security;
revoke all on table public.first_admin_tokens from anon, authenticated;
grant select, insert, update, delete on table public.first_admin_tokens to service_role;

-- A setup link, as a server starts: recorded and true while no enabled admin exists; once one does,
-- false, and every setup link is forgotten. Expired links are deleted on the way.
create function public.open_first_admin_setup(token_hash text, at timestamptz, expires_at timestamptz)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  delete from public.first_admin_tokens t where t.expires_at <= open_first_admin_setup.at;
  if exists (select 1 from public.reps r where r.role = 'admin' and r.disabled_at is null) then
    delete from public.first_admin_tokens t where true;
    return false;
  end if;
  insert into public.first_admin_tokens (token_hash, created_at, expires_at)
  values (open_first_admin_setup.token_hash, open_first_admin_setup.at, open_first_admin_setup.expires_at)
  on conflict do nothing;
  return true;
end;
$$;

-- Uses a setup link: the admin (email lower-cased) with this password, signed in with a session of
-- `session_token_hash`. {"status": "created", "rep": …}, or, changing nothing, "admin_exists" (an
-- enabled admin exists: the link is spent), "link_expired" (unknown or expired) or "email_taken" (the
-- email is another rep's). The lock on reps makes it one at a time with every other change to the
-- reps: two setups at once, or a setup beside `npm run reps -- add`, cannot both see no admin.
create function public.create_first_admin(
  token_hash text, email text, password_hash text, session_token_hash text, at timestamptz,
  session_expires_at timestamptz
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
  lock table public.reps in share row exclusive mode;
  if exists (select 1 from public.reps r where r.role = 'admin' and r.disabled_at is null) then
    return jsonb_build_object('status', 'admin_exists');
  end if;
  if not exists (
    select 1 from public.first_admin_tokens t
    where t.token_hash = create_first_admin.token_hash and t.expires_at > create_first_admin.at
  ) then
    return jsonb_build_object('status', 'link_expired');
  end if;
  if exists (select 1 from public.reps r where r.email = lower(trim(create_first_admin.email))) then
    return jsonb_build_object('status', 'email_taken');
  end if;
  insert into public.reps (email, role, password_hash, created_at)
  values (lower(trim(create_first_admin.email)), 'admin', create_first_admin.password_hash, create_first_admin.at)
  returning * into v_rep;
  delete from public.first_admin_tokens t where true;
  insert into public.rep_sessions (token_hash, rep_id, created_at, last_seen_at, expires_at)
  values (create_first_admin.session_token_hash, v_rep.id, create_first_admin.at, create_first_admin.at,
    create_first_admin.session_expires_at);
  return jsonb_build_object(
    'status', 'created',
    'rep', jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role)
  );
end;
$$;

revoke all on function public.open_first_admin_setup(text, timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.create_first_admin(text, text, text, text, timestamptz, timestamptz)
  from public, anon, authenticated;
grant execute on function public.open_first_admin_setup(text, timestamptz, timestamptz) to service_role;
grant execute on function public.create_first_admin(text, text, text, text, timestamptz, timestamptz) to service_role;
