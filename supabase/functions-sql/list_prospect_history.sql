-- The history of one prospect, newest first, at most `max_rows`: [{action, slug, at, rep, changed}].
-- By the prospect with this slug, else by the last prospect that had it (deleted, or renamed since).
create or replace function public.list_prospect_history(slug text, max_rows integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with target as (
    select coalesce(
      (select p.id from public.prospects p where p.slug = list_prospect_history.slug),
      (select a.prospect_id from public.prospect_audit a where a.slug = list_prospect_history.slug
        order by a.at desc limit 1)
    ) as id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'action', h.action, 'slug', h.slug, 'at', h.at, 'rep', h.rep, 'changed', to_jsonb(h.changed)
  ) order by h.at desc, h.n desc), '[]'::jsonb)
  from (
    select a.action, a.slug, a.at, a.changed,
      case when r.id is not null then jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role) end as rep,
      row_number() over (order by a.at) as n
    from public.prospect_audit a
      join target t on a.prospect_id = t.id
      left join public.reps r on r.id = a.rep_id
    order by a.at desc
    limit greatest(1, least(coalesce(list_prospect_history.max_rows, 100), 1000))
  ) h;
$$;

revoke all on function public.list_prospect_history(text, integer) from public, anon, authenticated;

grant execute on function public.list_prospect_history(text, integer) to service_role;
