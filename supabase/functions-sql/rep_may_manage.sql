-- Whether `actor_id` may manage the team now: the command line (null) may; a rep only while an
-- enabled admin.
create or replace function public.rep_may_manage(actor_id uuid)
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

revoke all on function public.rep_may_manage(uuid) from public, anon, authenticated;

grant execute on function public.rep_may_manage(uuid) to service_role;
