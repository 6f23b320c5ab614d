-- A rep as the API shows one: {id, email, role}, or null.
create or replace function public.prospect_rep_json(rep_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role)
  from public.reps r where r.id = prospect_rep_json.rep_id
$$;

revoke all on function public.prospect_rep_json(uuid) from public, anon, authenticated;

grant execute on function public.prospect_rep_json(uuid) to service_role;
