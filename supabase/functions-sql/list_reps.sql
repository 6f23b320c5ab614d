-- Every rep by email: [{"id", "email", "role", "disabled", "password_set", "created_at"}].
create or replace function public.list_reps()
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

revoke all on function public.list_reps() from public, anon, authenticated;

grant execute on function public.list_reps() to service_role;
