-- Agents from templates. A prospect names an agent template (agent-templates/<name>.md; null: the
-- general one) and optional details the template is rendered with (city, services, opening hours,
-- website, booking link); its first message and system prompt become optional overrides of the
-- template's. Templates are rendered when a page or call is served, so they live outside the
-- database; the name's format is checked here, its existence by the server.
--
-- Every prospect keeps its words: its first message and prompt stay, now as overrides. The two
-- example prospects move to their templates where their text is still the example's own.

alter table public.prospects
  add column template text constraint prospects_template_format check (template ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  add column city text,
  add column services text,
  add column opening_hours text,
  add column website text,
  add column booking_link text,
  alter column first_message drop not null,
  alter column system drop not null;

-- Only where both texts are still exactly the example's (compared by their md5), so an example a
-- rep has edited keeps the rep's words.
update public.prospects
set template = 'dental',
    services = 'check-ups and cleanings, fillings, whitening consultations and emergency visits',
    opening_hours = 'Monday to Friday 8 am to 6 pm, Saturday 9 am to 1 pm',
    first_message = null,
    system = null
where slug = 'bright-smile-dental'
  and md5(first_message) = '4552080d5ecd34184ffeb73bad35ee8c'
  and md5(system) = '89c7343ec2fbf67e8d142f9ea1897f4a';

update public.prospects
set template = 'real-estate', first_message = null, system = null
where slug = 'harbor-realty'
  and md5(first_message) = '337c130afc409f17fbd1c4198d2de757'
  and md5(system) = '77a80186af572148f57e277790dce44d';

-- The fields of a prospect that reps and imports write, in the order changes are named.
create function public.prospect_field_names()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'slug', 'name', 'company_name', 'template', 'city', 'services', 'opening_hours', 'website',
    'booking_link', 'first_message', 'system', 'assistant_id'
  ]
$$;

-- The names of the fields whose values differ between two prospects given as JSON.
create function public.changed_prospect_fields(old jsonb, new jsonb)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(f.name order by f.n), '{}')
  from unnest(public.prospect_field_names()) with ordinality as f(name, n)
  where f.name <> 'slug' and (changed_prospect_fields.old -> f.name) is distinct from (changed_prospect_fields.new -> f.name)
$$;

drop function public.upsert_prospects(jsonb, uuid);
drop function public.create_prospect(jsonb, uuid, uuid);
drop function public.update_prospect(text, jsonb, uuid, uuid, boolean);
drop function public.get_rep_prospect(text);

-- As before (20261201000200_prospect_changes.sql), with the template and the details: inserts or
-- updates prospects by slug, all or nothing, leaving unchanged rows alone; a new prospect is owned
-- by the importing rep; each written row gets an 'import' audit entry naming the fields it changed.
-- Answers {"inserted", "updated", "unchanged"}.
create function public.upsert_prospects(prospects jsonb, rep_id uuid default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_total integer;
  v_inserted integer;
  v_updated integer;
begin
  if jsonb_typeof(upsert_prospects.prospects) is distinct from 'array' then
    raise exception 'prospects must be a JSON array of objects' using errcode = '22023';
  end if;
  v_total := jsonb_array_length(upsert_prospects.prospects);

  with input as (
    select x.*
    from jsonb_to_recordset(upsert_prospects.prospects) as x(
      slug text, name text, company_name text, template text, city text, services text,
      opening_hours text, website text, booking_link text, first_message text, system text,
      assistant_id text
    )
  ),
  -- The rows as they were: every part of one statement sees the table from before it.
  old as (
    select p.* from public.prospects p join input i on i.slug = p.slug
  ),
  written as (
    insert into public.prospects as v (
      slug, name, company_name, template, city, services, opening_hours, website, booking_link,
      first_message, system, assistant_id, owner_id, created_by, updated_by
    )
    select i.slug, i.name, i.company_name, i.template, i.city, i.services, i.opening_hours, i.website,
      i.booking_link, i.first_message, i.system, i.assistant_id,
      upsert_prospects.rep_id, upsert_prospects.rep_id, upsert_prospects.rep_id
    from input i
    on conflict (slug) do update
      set name = excluded.name,
          company_name = excluded.company_name,
          template = excluded.template,
          city = excluded.city,
          services = excluded.services,
          opening_hours = excluded.opening_hours,
          website = excluded.website,
          booking_link = excluded.booking_link,
          first_message = excluded.first_message,
          system = excluded.system,
          assistant_id = excluded.assistant_id,
          updated_by = excluded.updated_by,
          updated_at = now()
      where (v.name, v.company_name, v.template, v.city, v.services, v.opening_hours, v.website,
             v.booking_link, v.first_message, v.system, v.assistant_id)
        is distinct from
        (excluded.name, excluded.company_name, excluded.template, excluded.city, excluded.services,
         excluded.opening_hours, excluded.website, excluded.booking_link, excluded.first_message,
         excluded.system, excluded.assistant_id)
    -- xmax is 0 on a row this statement inserted, and set on one it updated.
    returning v.id, v.slug, (v.xmax = 0) as inserted
  ),
  audited as (
    insert into public.prospect_audit (prospect_id, slug, action, rep_id, changed)
    select w.id, w.slug, 'import', upsert_prospects.rep_id,
      case when w.inserted then '{}'::text[] else public.changed_prospect_fields(to_jsonb(o), to_jsonb(i)) end
    from written w join input i on i.slug = w.slug left join old o on o.slug = w.slug
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

-- As before: a new prospect from a rep, `fields` already checked by the server.
-- {"status": "created" | "slug_taken" | "owner_unknown"}; the owner must be an enabled rep.
create function public.create_prospect(fields jsonb, rep_id uuid, owner_id uuid)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_id uuid;
  v_slug text;
begin
  if create_prospect.owner_id is not null and not exists (
    select from public.reps r where r.id = create_prospect.owner_id and r.disabled_at is null
  ) then
    return jsonb_build_object('status', 'owner_unknown');
  end if;
  insert into public.prospects as p (
    slug, name, company_name, template, city, services, opening_hours, website, booking_link,
    first_message, system, assistant_id, owner_id, created_by, updated_by
  )
  select x.slug, x.name, x.company_name, x.template, x.city, x.services, x.opening_hours, x.website,
    x.booking_link, x.first_message, x.system, x.assistant_id,
    create_prospect.owner_id, create_prospect.rep_id, create_prospect.rep_id
  from jsonb_populate_record(null::public.prospects, create_prospect.fields) as x
  on conflict (slug) do nothing
  returning p.id, p.slug into v_id, v_slug;
  if v_id is null then
    return jsonb_build_object('status', 'slug_taken');
  end if;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id)
  values (v_id, v_slug, 'create', create_prospect.rep_id);
  return jsonb_build_object('status', 'created');
end;
$$;

-- As before: changes a prospect's fields (its slug too) and, with `set_owner`, its owner. Answers
-- {"status": "updated" | "unchanged" | "not_found" | "slug_taken" | "owner_unknown" | "fallback",
-- "slug": the slug after, "changed": [field names]}. `fallback`: the slug of `visitor` cannot change.
create function public.update_prospect(slug text, fields jsonb, rep_id uuid, owner_id uuid, set_owner boolean)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_old public.prospects;
  v_new public.prospects;
  v_changed text[];
begin
  select * into v_old from public.prospects p where p.slug = update_prospect.slug for update;
  if v_old.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  v_new := jsonb_populate_record(null::public.prospects, update_prospect.fields);
  if update_prospect.set_owner and update_prospect.owner_id is not null and not exists (
    select from public.reps r where r.id = update_prospect.owner_id and r.disabled_at is null
  ) then
    return jsonb_build_object('status', 'owner_unknown');
  end if;
  v_changed := array_remove(
    array[case when v_new.slug is distinct from v_old.slug then 'slug' end]
      || public.changed_prospect_fields(to_jsonb(v_old), to_jsonb(v_new))
      || array[case when update_prospect.set_owner and update_prospect.owner_id is distinct from v_old.owner_id
        then 'owner' end],
    null
  );
  if cardinality(v_changed) = 0 then
    return jsonb_build_object('status', 'unchanged', 'slug', v_old.slug, 'changed', '[]'::jsonb);
  end if;
  if v_old.slug = 'visitor' and v_new.slug is distinct from 'visitor' then
    return jsonb_build_object('status', 'fallback');
  end if;
  begin
    update public.prospects p
    set slug = v_new.slug, name = v_new.name, company_name = v_new.company_name,
        template = v_new.template, city = v_new.city, services = v_new.services,
        opening_hours = v_new.opening_hours, website = v_new.website, booking_link = v_new.booking_link,
        first_message = v_new.first_message, system = v_new.system, assistant_id = v_new.assistant_id,
        owner_id = case when update_prospect.set_owner then update_prospect.owner_id else p.owner_id end,
        updated_by = update_prospect.rep_id, updated_at = now()
    where p.id = v_old.id;
  exception when unique_violation then
    return jsonb_build_object('status', 'slug_taken');
  end;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id, changed)
  values (v_old.id, v_new.slug, 'update', update_prospect.rep_id, v_changed);
  return jsonb_build_object('status', 'updated', 'slug', v_new.slug, 'changed', to_jsonb(v_changed));
end;
$$;

-- As before, with every field: {"fields": {…}, "owner", "created_at", "created_by", "updated_at",
-- "updated_by"}, or null when there is none.
create function public.get_rep_prospect(slug text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'fields', (
      select jsonb_object_agg(f.name, to_jsonb(p) -> f.name) from unnest(public.prospect_field_names()) as f(name)
    ),
    'owner', case when o.id is not null then jsonb_build_object('id', o.id, 'email', o.email, 'role', o.role) end,
    'created_at', p.created_at,
    'created_by', case when c.id is not null then jsonb_build_object('id', c.id, 'email', c.email, 'role', c.role) end,
    'updated_at', p.updated_at,
    'updated_by', case when u.id is not null then jsonb_build_object('id', u.id, 'email', u.email, 'role', u.role) end
  )
  from public.prospects p
    left join public.reps o on o.id = p.owner_id
    left join public.reps c on c.id = p.created_by
    left join public.reps u on u.id = p.updated_by
  where p.slug = get_rep_prospect.slug;
$$;

revoke all on function public.prospect_field_names() from public, anon, authenticated;
revoke all on function public.changed_prospect_fields(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.upsert_prospects(jsonb, uuid) from public, anon, authenticated;
revoke all on function public.create_prospect(jsonb, uuid, uuid) from public, anon, authenticated;
revoke all on function public.update_prospect(text, jsonb, uuid, uuid, boolean) from public, anon, authenticated;
revoke all on function public.get_rep_prospect(text) from public, anon, authenticated;
grant execute on function public.prospect_field_names() to service_role;
grant execute on function public.changed_prospect_fields(jsonb, jsonb) to service_role;
grant execute on function public.upsert_prospects(jsonb, uuid) to service_role;
grant execute on function public.create_prospect(jsonb, uuid, uuid) to service_role;
grant execute on function public.update_prospect(text, jsonb, uuid, uuid, boolean) to service_role;
grant execute on function public.get_rep_prospect(text) to service_role;
