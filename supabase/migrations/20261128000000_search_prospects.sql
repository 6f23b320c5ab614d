-- The snippet page's search (GET /api/sales/prospects, behind SALES_TOOLS_SECRET): prospects whose
-- slug, name or company contains `query` (case-insensitive; empty or null matches all), ordered by
-- company then slug, at most `max_rows` (1-50), with only the fields a listing may show. The fallback
-- `visitor` is what unknown links show, not someone to sell to, so it is never listed. One query,
-- whatever the table's size; `%`, `_` and `\` in the query are matched literally.
create function public.search_prospects(query text default '', max_rows integer default 50)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'slug', p.slug, 'name', p.name, 'company_name', p.company_name
  ) order by lower(p.company_name), p.slug), '[]'::jsonb)
  from (
    select v.slug, v.name, v.company_name
    from public.visitors v
    where v.slug <> 'visitor'
      and (
        coalesce(query, '') = ''
        or strpos(lower(v.slug || ' ' || v.name || ' ' || v.company_name), lower(query)) > 0
      )
    order by lower(v.company_name), v.slug
    limit greatest(1, least(coalesce(max_rows, 50), 50))
  ) p;
$$;

comment on function public.search_prospects(text, integer) is
  'Searches prospects by slug, name or company for the sales snippet page (service_role) only.';

revoke all on function public.search_prospects(text, integer) from public, anon, authenticated;
grant execute on function public.search_prospects(text, integer) to service_role;
