create or replace function public.create_first_admin(
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
  insert into public.reps (email, role, password_hash, created_at, last_signed_in_at)
  values (lower(trim(create_first_admin.email)), 'admin', create_first_admin.password_hash, create_first_admin.at,
    create_first_admin.at)
  returning * into v_rep;
  insert into public.rep_audit (rep_id, actor_id, action, at, role)
  values (v_rep.id, v_rep.id, 'set_up', create_first_admin.at, 'admin');
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

revoke all on function public.create_first_admin(text, text, text, text, timestamptz, timestamptz)
  from public, anon, authenticated;

grant execute on function public.create_first_admin(text, text, text, text, timestamptz, timestamptz) to service_role;
