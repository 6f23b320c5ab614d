-- The prospects a key's rep picks from: every prospect but the fallback `visitor`, as the reps' list
-- shows every rep; `query` matched in slug, name and company as that list matches it, the rep's own
-- first, then the most recently changed. An empty query answers the rep's own, most recent first.
create or replace function public.search_embed_prospects(rep_id uuid, query text, max_rows integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('slug', t.slug, 'name', t.name, 'company_name', t.company_name)
    order by t.n), '[]'::jsonb)
  from (
    select p.slug, p.name, p.company_name,
      row_number() over (order by (p.owner_id is not distinct from search_embed_prospects.rep_id) desc,
        p.updated_at desc, p.slug) as n
    from public.prospects p
    where p.slug <> 'visitor'
      and case when coalesce(search_embed_prospects.query, '') = ''
        then p.owner_id = search_embed_prospects.rep_id
        else strpos(lower(p.slug || ' ' || p.name || ' ' || p.company_name),
          lower(search_embed_prospects.query)) > 0 end
    order by n
    limit greatest(1, least(coalesce(search_embed_prospects.max_rows, 10), 20))
  ) t;
$$;

revoke all on function public.search_embed_prospects(uuid, text, integer) from public, anon, authenticated;

grant execute on function public.search_embed_prospects(uuid, text, integer) to service_role;
