-- The deleted prospects' page lists only those still deleted: a batch brought back leaves it.
create or replace function public.list_deleted_prospects(page_offset integer, page_size integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'total', (
      select count(*)::integer from public.prospect_audit a
      where a.action = 'delete' and not exists (select from public.prospects p where p.id = a.prospect_id)
    ),
    'prospects', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', d.prospect_id, 'slug', d.slug,
        'name', d.last_values -> 'fields' ->> 'name',
        'company_name', d.last_values -> 'fields' ->> 'company_name',
        'owner', public.prospect_rep_json((d.last_values ->> 'owner_id')::uuid),
        'deleted_at', d.at, 'deleted_by', public.prospect_rep_json(d.rep_id),
        'batch_id', d.batch_id
      ) order by d.at desc, d.id)
      from (
        select a.* from public.prospect_audit a
        where a.action = 'delete' and not exists (select from public.prospects p where p.id = a.prospect_id)
        order by a.at desc, a.id
        offset greatest(coalesce(list_deleted_prospects.page_offset, 0), 0)
        limit greatest(1, least(coalesce(list_deleted_prospects.page_size, 50), 200))
      ) d
    ), '[]'::jsonb)
  )
$$;

comment on function public.list_deleted_prospects(integer, integer) is
  'The deleted prospects, the latest deletion first, a page at a time; service_role only.';

revoke all on function public.list_deleted_prospects(integer, integer) from public, anon, authenticated;

grant execute on function public.list_deleted_prospects(integer, integer) to service_role;
