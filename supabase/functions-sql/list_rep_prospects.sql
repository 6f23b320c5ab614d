-- One page of prospects (never the fallback `visitor`) whose slug, name or company contains `query`
-- (case-insensitive; empty matches all; `%`, `_` and `\` literally), of `owner_id`'s when given,
-- sorted by `sort` (company, name, slug, updated or owner: the owner's email, unowned last), then
-- slug. {"total": all matches, "prospects": [{slug, name, company_name, owner, updated_at,
-- updated_by}]}. Two statements, so the page's can walk the sort's index and stop after the page.
create or replace function public.list_rep_prospects(
  query text, sort text, descending boolean, owner_id uuid, page_offset integer, page_size integer
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_dir text := case when list_rep_prospects.descending then 'desc' else 'asc' end;
  v_order text;
  -- The owner's email is joined only to sort by it, so other sorts can walk their index.
  v_join text := case when list_rep_prospects.sort = 'owner'
    then 'left join public.reps o on o.id = p.owner_id' else '' end;
  v_where text := $w$p.slug <> 'visitor'
    and ($1 = '' or strpos(lower(p.slug || ' ' || p.name || ' ' || p.company_name), lower($1)) > 0)
    and ($2::uuid is null or p.owner_id = $2::uuid)$w$;
  v_total integer;
  v_page jsonb := '[]'::jsonb;
  v_row record;
begin
  v_order := case list_rep_prospects.sort
    when 'company' then format('lower(p.company_name) %1$s, p.slug %1$s', v_dir)
    when 'name' then format('lower(p.name) %1$s, p.slug %1$s', v_dir)
    when 'slug' then format('p.slug %s', v_dir)
    when 'updated' then format('p.updated_at %1$s, p.slug %1$s', v_dir)
    when 'owner' then format('o.email %1$s nulls last, p.slug %1$s', v_dir)
  end;
  if v_order is null then
    raise exception 'sort must be company, name, slug, updated or owner' using errcode = '22023';
  end if;
  execute format('select count(*)::integer from public.prospects p where %s', v_where)
  into v_total
  using coalesce(list_rep_prospects.query, ''), list_rep_prospects.owner_id;
  -- The page is cut first and only its rows become JSON (built below a sort, JSON would be made for
  -- every match); a loop keeps the page in the statement's order, which an aggregate does not promise.
  for v_row in execute format($q$
    select jsonb_build_object(
      'slug', t.slug, 'name', t.name, 'company_name', t.company_name, 'updated_at', t.updated_at,
      'owner', (select jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role)
        from public.reps r where r.id = t.owner_id),
      'updated_by', (select jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role)
        from public.reps r where r.id = t.updated_by)
    ) as prospect
    from (
      select p.slug, p.name, p.company_name, p.updated_at, p.owner_id, p.updated_by
      from public.prospects p %3$s
      where %2$s
      order by %1$s
      offset $3 limit $4
    ) t
  $q$, v_order, v_where, v_join)
  using coalesce(list_rep_prospects.query, ''), list_rep_prospects.owner_id,
    greatest(coalesce(list_rep_prospects.page_offset, 0), 0),
    greatest(1, least(coalesce(list_rep_prospects.page_size, 50), 200))
  loop
    v_page := v_page || jsonb_build_array(v_row.prospect);
  end loop;
  return jsonb_build_object('total', v_total, 'prospects', v_page);
end;
$$;

revoke all on function public.list_rep_prospects(text, text, boolean, uuid, integer, integer)
  from public, anon, authenticated;

grant execute on function public.list_rep_prospects(text, text, boolean, uuid, integer, integer) to service_role;
