-- Bulk prospects for the operators' CLI (`npm run prospects`). Over PostgREST one request is
-- one transaction, so a whole import goes to the database as one JSON array in one function call:
-- every row is written or none is, on the embedded database and on hosted Supabase alike.
-- The functions run with the caller's rights (security invoker) and only service_role may execute
-- them; it already holds the table privileges they use. anon and authenticated get nothing.

-- Inserts or updates prospects by slug. `prospects`: a JSON array of objects with slug, name,
-- company_name, first_message, system and assistant_id (null or absent: none). A row whose fields
-- are all unchanged is left alone, so importing the same file twice writes nothing the second time.
-- Returns {"inserted": n, "updated": n, "unchanged": n}. Any bad row (a constraint, a null, a slug
-- twice in one array) fails the whole call.
create function public.upsert_prospects(prospects jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_total integer;
  v_inserted integer;
  v_updated integer;
begin
  if jsonb_typeof(prospects) is distinct from 'array' then
    raise exception 'prospects must be a JSON array of objects' using errcode = '22023';
  end if;
  v_total := jsonb_array_length(prospects);

  with input as (
    select x.slug, x.name, x.company_name, x.first_message, x.system, x.assistant_id
    from jsonb_to_recordset(prospects) as x(
      slug text, name text, company_name text, first_message text, system text, assistant_id text
    )
  ),
  written as (
    insert into public.visitors as v (slug, name, company_name, first_message, system, assistant_id)
    select i.slug, i.name, i.company_name, i.first_message, i.system, i.assistant_id from input i
    on conflict (slug) do update
      set name = excluded.name,
          company_name = excluded.company_name,
          first_message = excluded.first_message,
          system = excluded.system,
          assistant_id = excluded.assistant_id
      where (v.name, v.company_name, v.first_message, v.system, v.assistant_id)
        is distinct from
        (excluded.name, excluded.company_name, excluded.first_message, excluded.system, excluded.assistant_id)
    -- xmax is 0 on a row this statement inserted, and set on one it updated.
    returning (v.xmax = 0) as inserted
  )
  select count(*) filter (where w.inserted), count(*) filter (where not w.inserted)
  into v_inserted, v_updated
  from written w;

  return jsonb_build_object(
    'inserted', v_inserted,
    'updated', v_updated,
    'unchanged', v_total - v_inserted - v_updated
  );
end;
$$;

comment on function public.upsert_prospects(jsonb) is
  'Inserts or updates prospects by slug, all or nothing; for the operators'' CLI (service_role) only.';

-- One page of prospects in slug order, after `after_slug` (null: from the start), at most
-- `page_size` (1 to 1000) of them: keyset paging, so a listing of any size needs no offset and is
-- not cut by the API's row limit. Returns a JSON array of {slug, name, company_name, assistant_id}.
create function public.list_prospects(after_slug text default null, page_size integer default 1000)
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
    from public.visitors v
    where after_slug is null or v.slug > after_slug
    order by v.slug
    limit greatest(1, least(coalesce(page_size, 1000), 1000))
  ) p;
$$;

comment on function public.list_prospects(text, integer) is
  'Lists prospects in slug order, one page at a time; for the operators'' CLI (service_role) only.';

-- Deletes one prospect by slug. Returns {"deleted": true|false}. The fallback prospect `visitor` is
-- what unknown links show, so it cannot be deleted (edit it by importing a row with its slug).
create function public.delete_prospect(slug text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if delete_prospect.slug = 'visitor' then
    raise exception 'The fallback prospect "visitor" cannot be deleted; import a row to change it.'
      using errcode = '22023';
  end if;
  delete from public.visitors v where v.slug = delete_prospect.slug;
  return jsonb_build_object('deleted', found);
end;
$$;

comment on function public.delete_prospect(text) is
  'Deletes one prospect by slug (never the fallback visitor); for the operators'' CLI (service_role) only.';

revoke all on function public.upsert_prospects(jsonb) from public, anon, authenticated;
revoke all on function public.list_prospects(text, integer) from public, anon, authenticated;
revoke all on function public.delete_prospect(text) from public, anon, authenticated;
grant execute on function public.upsert_prospects(jsonb) to service_role;
grant execute on function public.list_prospects(text, integer) to service_role;
grant execute on function public.delete_prospect(text) to service_role;
