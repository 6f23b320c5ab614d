-- One rep's trail, newest first, at most `max_rows`: [{"action", "at", "actor", "role", "ended_sessions"}],
-- `actor` {"id", "email", "role"} or null (the command line). Null when no rep has this id.
create or replace function public.list_rep_history(rep_id uuid, max_rows integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select case when not exists (select 1 from public.reps r where r.id = list_rep_history.rep_id) then null
  else (
    select coalesce(jsonb_agg(jsonb_build_object(
      'action', h.action, 'at', h.at, 'actor', h.actor, 'role', h.role, 'ended_sessions', h.ended_sessions
    ) order by h.at desc, h.id desc), '[]'::jsonb)
    from (
      select a.id, a.action, a.at, a.role, a.ended_sessions,
        case when r.id is not null then jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role) end as actor
      from public.rep_audit a
        left join public.reps r on r.id = a.actor_id
      where a.rep_id = list_rep_history.rep_id
      order by a.at desc, a.id desc
      limit greatest(1, least(coalesce(list_rep_history.max_rows, 50), 500))
    ) h
  ) end;
$$;

revoke all on function public.list_rep_history(uuid, integer) from public, anon, authenticated;

grant execute on function public.list_rep_history(uuid, integer) to service_role;
