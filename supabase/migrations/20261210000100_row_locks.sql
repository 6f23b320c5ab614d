-- The owner a write checked is the owner it writes over.
--
-- The ownership rule (prospect_change_refusal) is checked in the transaction that writes, but on
-- PostgreSQL another transaction can change a prospect between the check and the write: another rep
-- creates a slug the import also has, or an admin gives the prospect to someone else. So every
-- function that checks a prospect's owner before writing it holds the row from the check to the
-- commit: update_prospect and delete_prospect lock it (`select … for update`) before checking, and
-- finish_website_read before it fills blanks; create_prospect writes only a slug nobody has (`on
-- conflict do nothing`). A rep's import did not: it read its rows' owners, then wrote, and a
-- prospect that changed hands in between was written over. It now does the same, in three steps:
-- - it locks the prospects it will change that exist (`for update`, in slug order, so two imports
--   wait for each other rather than deadlock), then checks their owners: from then on nobody else
--   changes them until it commits;
-- - a prospect another transaction creates after that check (the insert meets it as a conflict) is
--   written only if the rule lets the rep change it, checked in the write's own `where`;
-- - after the write it checks the rows again: a row the write refused refuses the whole import
--   (SQLSTATE RP403), as a row refused before the write does, and nothing of it is written.
-- An admin's import and the command line's change any prospect, so they lock and check nothing more.

-- Raises RP403, naming the first few slugs, when `rep_id` may not change some of the prospects among
-- `slugs` (a JSON array of slugs; list_refused_slugs). What refuses a rep's import, before and after
-- it writes.
create function public.refuse_import_of_others(rep_id uuid, slugs jsonb)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_refused jsonb;
begin
  v_refused := public.list_refused_slugs(refuse_import_of_others.rep_id, refuse_import_of_others.slugs);
  if jsonb_array_length(v_refused) > 0 then
    raise exception 'the import has % rows of prospects the rep may not change: %',
      jsonb_array_length(v_refused),
      (select string_agg(f.item ->> 'slug', ', ') from (
        select e.item from jsonb_array_elements(v_refused) as e(item) limit 5
      ) f)
      using errcode = 'RP403';
  end if;
end;
$$;

-- As in 20261208000000_website_reading.sql, holding what it checks (the file's header): inserts or
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

comment on function public.refuse_import_of_others(uuid, jsonb) is
  'Refuses a rep''s import (RP403) that has rows of prospects the rep may not change; service_role only.';

revoke all on function public.refuse_import_of_others(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.refuse_import_of_others(uuid, jsonb) to service_role;
