-- The table of prospects was called `visitors`, a name that did not say what it holds: it is
-- `prospects` now, with its constraints and indexes. Renaming keeps every row, grant, RLS setting and
-- comment. The functions that name the table are re-created with the new name (same signatures, same
-- grants); nothing else changes. A server of the previous release reads `visitors`: deploy the edge
-- function right after this migration, as the deploy steps do.
-- Plain PostgreSQL 15: this runs on the embedded database and on hosted Supabase alike.

alter table public.visitors rename to prospects;
alter table public.prospects rename constraint visitors_slug_format to prospects_slug_format;
alter index public.visitors_pkey rename to prospects_pkey;
alter index public.visitors_slug_key rename to prospects_slug_key;

create or replace function public.upsert_prospects(prospects jsonb)
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
    insert into public.prospects as v (slug, name, company_name, first_message, system, assistant_id)
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

create or replace function public.delete_prospect(slug text)
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
  delete from public.prospects v where v.slug = delete_prospect.slug;
  return jsonb_build_object('deleted', found);
end;
$$;

create or replace function public.search_prospects(query text default '', max_rows integer default 50)
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
    from public.prospects v
    where v.slug <> 'visitor'
      and (
        coalesce(query, '') = ''
        or strpos(lower(v.slug || ' ' || v.name || ' ' || v.company_name), lower(query)) > 0
      )
    order by lower(v.company_name), v.slug
    limit greatest(1, least(coalesce(max_rows, 50), 50))
  ) p;
$$;
