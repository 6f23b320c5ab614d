-- Every rep by email, for the team page: [{"id", "email", "role", "disabled", "password_set",
-- "created_at", "last_signed_in_at", "link_expires_at"}]; `link_expires_at`: when the newest unused
-- link stops working (perhaps already past), null when there is none.
create or replace function public.list_team()
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

revoke all on function public.list_team() from public, anon, authenticated;

grant execute on function public.list_team() to service_role;
