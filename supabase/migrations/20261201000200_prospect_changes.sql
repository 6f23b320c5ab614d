-- Prospects changed by reps and by the command line, each change stamped on the prospect (created_by,
-- updated_by, updated_at) and written to prospect_audit in the same transaction. `rep_id` null: the
-- command line. upsert_prospects and delete_prospect gain that argument (with a default, so the
-- command line's calls stay as they are); the previous signatures are dropped.

drop function public.upsert_prospects(jsonb);
drop function public.delete_prospect(text);
-- The shared sales key's search (GET /api/sales/prospects) is gone: reps list prospects signed in.
drop function public.search_prospects(text, integer);

-- As before (20261127000000_prospect_admin.sql): inserts or updates prospects by slug, all or nothing,
-- leaving unchanged rows alone; answers {"inserted", "updated", "unchanged"}. Now also: a new prospect
-- is owned by the importing rep, and each inserted or updated row gets an 'import' audit entry naming
-- the fields it changed.
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
    select x.slug, x.name, x.company_name, x.first_message, x.system, x.assistant_id
    from jsonb_to_recordset(upsert_prospects.prospects) as x(
      slug text, name text, company_name text, first_message text, system text, assistant_id text
    )
  ),
  -- The rows as they were: every part of one statement sees the table from before it.
  old as (
    select p.slug, p.name, p.company_name, p.first_message, p.system, p.assistant_id
    from public.prospects p join input i on i.slug = p.slug
  ),
  written as (
    insert into public.prospects as v (
      slug, name, company_name, first_message, system, assistant_id, owner_id, created_by, updated_by
    )
    select i.slug, i.name, i.company_name, i.first_message, i.system, i.assistant_id,
      upsert_prospects.rep_id, upsert_prospects.rep_id, upsert_prospects.rep_id
    from input i
    on conflict (slug) do update
      set name = excluded.name,
          company_name = excluded.company_name,
          first_message = excluded.first_message,
          system = excluded.system,
          assistant_id = excluded.assistant_id,
          updated_by = excluded.updated_by,
          updated_at = now()
      where (v.name, v.company_name, v.first_message, v.system, v.assistant_id)
        is distinct from
        (excluded.name, excluded.company_name, excluded.first_message, excluded.system, excluded.assistant_id)
    -- xmax is 0 on a row this statement inserted, and set on one it updated.
    returning v.id, v.slug, (v.xmax = 0) as inserted
  ),
  audited as (
    insert into public.prospect_audit (prospect_id, slug, action, rep_id, changed)
    select w.id, w.slug, 'import', upsert_prospects.rep_id,
      case when w.inserted then '{}'::text[] else array_remove(array[
        case when o.name is distinct from i.name then 'name' end,
        case when o.company_name is distinct from i.company_name then 'company_name' end,
        case when o.first_message is distinct from i.first_message then 'first_message' end,
        case when o.system is distinct from i.system then 'system' end,
        case when o.assistant_id is distinct from i.assistant_id then 'assistant_id' end
      ], null) end
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

-- As before: deletes one prospect by slug, never the fallback `visitor`; {"deleted": bool}. Now also
-- writes a 'delete' audit entry, which stays.
create function public.delete_prospect(slug text, rep_id uuid default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_id uuid;
begin
  if delete_prospect.slug = 'visitor' then
    raise exception 'The fallback prospect "visitor" cannot be deleted; import a row to change it.'
      using errcode = '22023';
  end if;
  delete from public.prospects p where p.slug = delete_prospect.slug returning p.id into v_id;
  if v_id is null then
    return jsonb_build_object('deleted', false);
  end if;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id)
  values (v_id, delete_prospect.slug, 'delete', delete_prospect.rep_id);
  return jsonb_build_object('deleted', true);
end;
$$;

-- A new prospect from a rep. `fields`: {slug, name, company_name, first_message, system, assistant_id},
-- already checked by the server. {"status": "created" | "slug_taken" | "owner_unknown"}; the owner must
-- be an enabled rep.
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
    slug, name, company_name, first_message, system, assistant_id, owner_id, created_by, updated_by
  )
  select x.slug, x.name, x.company_name, x.first_message, x.system, x.assistant_id,
    create_prospect.owner_id, create_prospect.rep_id, create_prospect.rep_id
  from jsonb_to_record(create_prospect.fields) as x(
    slug text, name text, company_name text, first_message text, system text, assistant_id text
  )
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

-- Changes a prospect's fields (its slug too) and, with `set_owner`, its owner. Answers
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
  v_new record;
  v_changed text[];
begin
  select * into v_old from public.prospects p where p.slug = update_prospect.slug for update;
  if v_old.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  select x.* into v_new from jsonb_to_record(update_prospect.fields) as x(
    slug text, name text, company_name text, first_message text, system text, assistant_id text
  );
  if update_prospect.set_owner and update_prospect.owner_id is not null and not exists (
    select from public.reps r where r.id = update_prospect.owner_id and r.disabled_at is null
  ) then
    return jsonb_build_object('status', 'owner_unknown');
  end if;
  v_changed := array_remove(array[
    case when v_new.slug is distinct from v_old.slug then 'slug' end,
    case when v_new.name is distinct from v_old.name then 'name' end,
    case when v_new.company_name is distinct from v_old.company_name then 'company_name' end,
    case when v_new.first_message is distinct from v_old.first_message then 'first_message' end,
    case when v_new.system is distinct from v_old.system then 'system' end,
    case when v_new.assistant_id is distinct from v_old.assistant_id then 'assistant_id' end,
    case when update_prospect.set_owner and update_prospect.owner_id is distinct from v_old.owner_id
      then 'owner' end
  ], null);
  if cardinality(v_changed) = 0 then
    return jsonb_build_object('status', 'unchanged', 'slug', v_old.slug, 'changed', '[]'::jsonb);
  end if;
  if v_old.slug = 'visitor' and v_new.slug is distinct from 'visitor' then
    return jsonb_build_object('status', 'fallback');
  end if;
  begin
    update public.prospects p
    set slug = v_new.slug, name = v_new.name, company_name = v_new.company_name,
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

revoke all on function public.upsert_prospects(jsonb, uuid) from public, anon, authenticated;
revoke all on function public.delete_prospect(text, uuid) from public, anon, authenticated;
revoke all on function public.create_prospect(jsonb, uuid, uuid) from public, anon, authenticated;
revoke all on function public.update_prospect(text, jsonb, uuid, uuid, boolean) from public, anon, authenticated;
grant execute on function public.upsert_prospects(jsonb, uuid) to service_role;
grant execute on function public.delete_prospect(text, uuid) to service_role;
grant execute on function public.create_prospect(jsonb, uuid, uuid) to service_role;
grant execute on function public.update_prospect(text, jsonb, uuid, uuid, boolean) to service_role;
