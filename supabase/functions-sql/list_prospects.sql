-- One page of prospects in slug order, for the command line's listing and export: after
-- `after_slug` (null: from the start), at most `page_size` (1 to 1000) of them. Keyset paging, so a
-- listing of any size needs no offset and is not cut by the API's row limit. Returns a JSON array of
-- {slug, name, company_name, assistant_id}.
create or replace function public.list_prospects(after_slug text default null, page_size integer default 1000)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'slug', p.slug, 'name', p.name, 'company_name', p.company_name, 'assistant_id', p.assistant_id
  ) order by p.slug), '[]'::jsonb)
  from (
    select v.slug, v.name, v.company_name, v.assistant_id
    from public.prospects v
    where after_slug is null or v.slug > after_slug
    order by v.slug
    limit greatest(1, least(coalesce(page_size, 1000), 1000))
  ) p;
$$;

comment on function public.list_prospects(text, integer) is
  'Lists prospects in slug order, one page at a time; for the operators'' CLI (service_role) only.';

revoke all on function public.list_prospects(text, integer) from public, anon, authenticated;

grant execute on function public.list_prospects(text, integer) to service_role;
