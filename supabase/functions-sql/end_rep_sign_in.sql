-- Ends a sign-in attempt; a successful sign-in is the rep's latest.
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

revoke all on function public.end_rep_sign_in(uuid, uuid, text, timestamptz, timestamptz) from public, anon, authenticated;

grant execute on function public.end_rep_sign_in(uuid, uuid, text, timestamptz, timestamptz) to service_role;
