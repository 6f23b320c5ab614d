-- Signs a session out. {"ended": bool}: false when it had already ended or never existed.
create or replace function public.end_rep_session(token_hash text, at timestamptz)
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

revoke all on function public.end_rep_session(text, timestamptz) from public, anon, authenticated;

grant execute on function public.end_rep_session(text, timestamptz) to service_role;
