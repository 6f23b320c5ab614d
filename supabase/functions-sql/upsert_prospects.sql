-- Holding what it checks (the prospects' rows, from the check to the commit): inserts or
-- updates prospects by slug, for imports, in one transaction. A rep's import with a row of a prospect
-- they may not change, at any moment of the write, is refused whole (SQLSTATE RP403). Returns
-- {"inserted": n, "updated": n, "unchanged": n}.
create or replace function public.upsert_prospects(prospects jsonb, rep_id uuid default null)
returns jsonb
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_total integer;
  v_inserted integer;
  v_updated integer;
  v_slugs jsonb;
  v_any_prospect boolean;
  v_set text;
begin
  if jsonb_typeof(upsert_prospects.prospects) is distinct from 'array' then
    raise exception 'prospects must be a JSON array of objects' using errcode = '22023';
  end if;
  v_total := jsonb_array_length(upsert_prospects.prospects);
  v_slugs := (
    select coalesce(jsonb_agg(x -> 'slug'), '[]'::jsonb) from jsonb_array_elements(upsert_prospects.prospects) as x
  );
  -- Whether the importer may change any prospect (an admin, the command line), or only their own.
  v_any_prospect := upsert_prospects.rep_id is null
    or public.prospect_change_refusal(upsert_prospects.rep_id, '', null, false, null) is null;

  if not v_any_prospect then
    perform from public.prospects p
    where p.slug in (select jsonb_array_elements_text(v_slugs))
    order by p.slug
    for update;
    perform public.refuse_import_of_others(upsert_prospects.rep_id, v_slugs);
  end if;

  -- Every field but the slug, as "(a, b) = (excluded.a, excluded.b)" and compared the same way.
  select string_agg(quote_ident(f.name), ', ' order by f.n)
  into v_set
  from unnest(public.prospect_field_names()) with ordinality as f(name, n)
  where f.name <> 'slug';

  execute format($q$
    with input as (
      select x.* from jsonb_populate_recordset(null::public.prospects, $1) as x
    ),
    -- The rows as they were: every part of one statement sees the table from before it.
    old as (
      select p.* from public.prospects p join input i on i.slug = p.slug
    ),
    written as (
      -- In slug order, as the rows were locked: the rows this meets are locked in the same order.
      insert into public.prospects as v (%1$s, owner_id, created_by, updated_by)
      select %2$s, $2, $2, $2 from input i order by i.slug
      on conflict (slug) do update
        set (%3$s) = (%4$s), updated_by = excluded.updated_by, updated_at = now()
        -- A prospect made since the check is checked here, as it is now (the conflict locks it).
        where ($3 or public.prospect_change_refusal($2, v.slug, v.owner_id, false, null) is null)
          and (%5$s) is distinct from (%4$s)
      -- xmax is 0 on a row this statement inserted, and set on one it updated.
      returning v.id, v.slug, (v.xmax = 0) as inserted
    ),
    audited as (
      insert into public.prospect_audit (prospect_id, slug, action, rep_id, changed)
      select w.id, w.slug, 'import', $2,
        case when w.inserted then '{}'::text[] else public.changed_prospect_fields(to_jsonb(o), to_jsonb(i)) end
      from written w join input i on i.slug = w.slug left join old o on o.slug = w.slug
    )
    select (count(*) filter (where w.inserted))::integer, (count(*) filter (where not w.inserted))::integer
    from written w
  $q$,
    public.prospect_field_list(),
    public.prospect_field_list('i.'),
    v_set,
    (select string_agg('excluded.' || s, ', ') from unnest(string_to_array(v_set, ', ')) as s),
    (select string_agg('v.' || s, ', ') from unnest(string_to_array(v_set, ', ')) as s)
  )
  into v_inserted, v_updated
  using upsert_prospects.prospects, upsert_prospects.rep_id, v_any_prospect;

  -- A row the write refused: every row of the file is now this transaction's or locked by it.
  if not v_any_prospect then
    perform public.refuse_import_of_others(upsert_prospects.rep_id, v_slugs);
  end if;

  return jsonb_build_object(
    'inserted', v_inserted,
    'updated', v_updated,
    'unchanged', v_total - v_inserted - v_updated
  );
end;
$$;

revoke all on function public.upsert_prospects(jsonb, uuid) from public, anon, authenticated;

grant execute on function public.upsert_prospects(jsonb, uuid) to service_role;
