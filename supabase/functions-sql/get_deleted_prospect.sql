-- One deleted prospect by its id: {"id", "slug", "fields" (its last values; null when deleted before
-- they were kept), "owner", "deleted_at", "deleted_by", "history": its trail, newest first, at most
-- `max_rows`, as list_prospect_history answers it}; null when no prospect with this id was deleted.
create or replace function public.get_deleted_prospect(prospect_id uuid, max_rows integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'id', d.prospect_id, 'slug', d.slug, 'fields', d.last_values -> 'fields',
    'owner', public.prospect_rep_json((d.last_values ->> 'owner_id')::uuid),
    'deleted_at', d.at, 'deleted_by', public.prospect_rep_json(d.rep_id),
    'history', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'action', h.action, 'slug', h.slug, 'at', h.at, 'rep', public.prospect_rep_json(h.rep_id),
        'changed', to_jsonb(h.changed)
      ) order by h.at desc, h.n desc), '[]'::jsonb)
      from (
        select a.action, a.slug, a.at, a.changed, a.rep_id, row_number() over (order by a.at) as n
        from public.prospect_audit a
        where a.prospect_id = d.prospect_id
        order by a.at desc
        limit greatest(1, least(coalesce(get_deleted_prospect.max_rows, 100), 1000))
      ) h
    )
  )
  from public.prospect_audit d
  where d.prospect_id = get_deleted_prospect.prospect_id and d.action = 'delete'
  order by d.at desc
  limit 1
$$;

comment on function public.get_deleted_prospect(uuid, integer) is
  'A deleted prospect''s last values and history; service_role only.';

revoke all on function public.get_deleted_prospect(uuid, integer) from public, anon, authenticated;

grant execute on function public.get_deleted_prospect(uuid, integer) to service_role;
