-- What the agent did in a call, for the page that started it: only when the call was placed for that
-- prospect and visit, and only the actions after `after_id`, oldest first.
create or replace function public.list_demo_actions(call_id text, slug text, visit_id text, after_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', a.id, 'kind', a.kind, 'detail', a.detail, 'at', a.created_at
  ) order by a.id), '[]'::jsonb)
  from public.demo_actions a
  join public.demo_calls d on d.call_id = a.call_id
  join public.prospects p on p.id = d.prospect_id
  where a.call_id = list_demo_actions.call_id and p.slug = list_demo_actions.slug
    and d.visit_id is not distinct from list_demo_actions.visit_id
    and a.kind is not null and a.id > list_demo_actions.after_id
$$;

revoke all on function public.list_demo_actions(text, text, text, bigint) from public, anon, authenticated;

grant execute on function public.list_demo_actions(text, text, text, bigint) to service_role;
