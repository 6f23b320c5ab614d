-- A rep's profile as their page shows it: {"name", "scheduling_url", "photo"}; null for no such rep.
create or replace function public.rep_profile(rep_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object('name', r.display_name, 'scheduling_url', r.scheduling_url, 'photo', r.photo)
  from public.reps r
  where r.id = rep_profile.rep_id;
$$;

revoke all on function public.rep_profile(uuid) from public, anon, authenticated;

grant execute on function public.rep_profile(uuid) to service_role;
