-- Ownership: who may change a prospect.
--
-- Everyone signed in reads every prospect: the team shares the pipeline. Changes follow the owner:
-- - a rep changes and deletes their own prospects, and a prospect a rep creates is theirs;
-- - a rep takes over a prospect nobody owns (made by the command line, or left to nobody by an admin)
--   by setting themselves as its owner; from then on it is theirs;
-- - a rep never gives a prospect to someone else, nor to nobody;
-- - an admin changes, deletes and reassigns any prospect;
-- - the fallback `visitor`, whose words every unknown link shows, is changed by admins only;
-- - the command line (`rep_id` null) keeps every right.
-- The rule is written once (prospect_change_refusal) and checked by every function that writes a
-- prospect for a rep, in the transaction that writes, so no route of the server can get around it.
--
-- A deleted prospect's 'delete' audit entry also keeps the prospect as it was (its fields and owner),
-- so the reps can still read who deleted it, when, its last values and its history.

alter table public.prospect_audit add column last_values jsonb null;
comment on column public.prospect_audit.last_values is
  'On a ''delete'' entry: {"fields": the prospect''s fields, "owner_id"} as they were; null on the others and on deletions before it was kept.';

-- The reps' page of deleted prospects reads the deletions newest first.
create index prospect_audit_deleted on public.prospect_audit (at desc, id) where action = 'delete';

-- A rep as the API shows one: {id, email, role}, or null.
create function public.prospect_rep_json(rep_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role)
  from public.reps r where r.id = prospect_rep_json.rep_id
$$;

-- Whether `rep_id` may change or delete the prospect `slug` owned by `owner_id` and, with
-- `set_owner`, give it to `new_owner_id`: null when they may, else why not:
-- {"status": "not_your_prospect", "owner": the owner or null} (another rep's, or nobody's and not
-- being taken over), {"status": "owner_not_allowed"} (a rep giving a prospect away) or
-- {"status": "fallback_admin_only"}. The rule is the file's header.
create function public.prospect_change_refusal(
  rep_id uuid, slug text, owner_id uuid, set_owner boolean, new_owner_id uuid
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_rep public.reps;
begin
  if prospect_change_refusal.rep_id is null then
    return null;
  end if;
  select * into v_rep from public.reps r where r.id = prospect_change_refusal.rep_id;
  if v_rep.id is null then
    raise exception 'no rep has the id %', prospect_change_refusal.rep_id using errcode = '22023';
  end if;
  -- An admin's rights last while they are an enabled admin (the team page can change both).
  if v_rep.role = 'admin' and v_rep.disabled_at is null then
    return null;
  end if;
  if prospect_change_refusal.slug = 'visitor' then
    return jsonb_build_object('status', 'fallback_admin_only');
  end if;
  if prospect_change_refusal.owner_id = prospect_change_refusal.rep_id then
    if prospect_change_refusal.set_owner
      and prospect_change_refusal.new_owner_id is distinct from prospect_change_refusal.rep_id then
      return jsonb_build_object('status', 'owner_not_allowed');
    end if;
    return null;
  end if;
  -- Nobody's, and the rep takes it over.
  if prospect_change_refusal.owner_id is null and prospect_change_refusal.set_owner
    and prospect_change_refusal.new_owner_id = prospect_change_refusal.rep_id then
    return null;
  end if;
  return jsonb_build_object(
    'status', 'not_your_prospect', 'owner', public.prospect_rep_json(prospect_change_refusal.owner_id)
  );
end;
$$;

-- The prospects among `slugs` (a JSON array of slugs) that `rep_id` may not change, each with its
-- owner: [{"slug", "owner"}] in slug order; always empty for an admin and for the command line (null).
-- What a rep's import refuses, by the same rule as the form. Set-based, for 50,000 rows: the rule is
-- asked once whether the rep may change a prospect nobody owns (only an admin or the command line
-- may); for a rep, its answer without a change of owner is "only their own, never the fallback".
create function public.list_refused_slugs(rep_id uuid, slugs jsonb)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if public.prospect_change_refusal(list_refused_slugs.rep_id, '', null, false, null) is null then
    return '[]'::jsonb;
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object('slug', p.slug, 'owner', public.prospect_rep_json(p.owner_id))
      order by p.slug), '[]'::jsonb)
    from public.prospects p
    where p.slug = any(array(select jsonb_array_elements_text(list_refused_slugs.slugs)))
      and (p.slug = 'visitor' or p.owner_id is distinct from list_refused_slugs.rep_id)
  );
end;
$$;

-- A new prospect from a rep, `fields` already checked by the server. A rep's new prospect is theirs
-- (checked as if it were theirs already: they may keep it, not give it away); an admin names any
-- enabled rep, or nobody. {"status": "created" | "slug_taken" | "owner_unknown"}, or the refusal.
create or replace function public.create_prospect(fields jsonb, rep_id uuid, owner_id uuid)
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
  v_refusal jsonb;
begin
  v_refusal := public.prospect_change_refusal(
    create_prospect.rep_id, null, create_prospect.rep_id, true, create_prospect.owner_id
  );
  if v_refusal is not null then
    return v_refusal;
  end if;
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

-- Changes a prospect's fields (its slug too; `fields` null: keeps them) and, with `set_owner`, its
-- owner, if `rep_id` may (prospect_change_refusal; else the refusal is the answer and nothing
-- changes). Answers {"status": "updated" | "unchanged" | "not_found" | "slug_taken" |
-- "owner_unknown" | "fallback", "slug": the slug after, "changed": [field names]}. `fallback`: the
-- slug of `visitor` cannot change.
create or replace function public.update_prospect(slug text, fields jsonb, rep_id uuid, owner_id uuid, set_owner boolean)
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
  v_refusal jsonb;
begin
  select * into v_old from public.prospects p where p.slug = update_prospect.slug for update;
  if v_old.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  v_refusal := public.prospect_change_refusal(
    update_prospect.rep_id, v_old.slug, v_old.owner_id, update_prospect.set_owner, update_prospect.owner_id
  );
  if v_refusal is not null then
    return v_refusal;
  end if;
  if update_prospect.fields is null then
    v_new := v_old;
  else
    v_new := jsonb_populate_record(null::public.prospects, update_prospect.fields);
  end if;
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

-- Deletes one prospect by slug, never the fallback `visitor` (edit it by importing a row with its
-- slug), if `rep_id` may (null: the command line, which may). Writes a 'delete' audit entry, which
-- stays, with the prospect's last values. {"deleted": true}; {"deleted": false} when there is none;
-- {"deleted": false, "refusal": …} when the rep may not (prospect_change_refusal).
create or replace function public.delete_prospect(slug text, rep_id uuid default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_old public.prospects;
  v_refusal jsonb;
begin
  if delete_prospect.slug = 'visitor' then
    raise exception 'The fallback prospect "visitor" cannot be deleted; import a row to change it.'
      using errcode = '22023';
  end if;
  select * into v_old from public.prospects p where p.slug = delete_prospect.slug for update;
  if v_old.id is null then
    return jsonb_build_object('deleted', false);
  end if;
  v_refusal := public.prospect_change_refusal(delete_prospect.rep_id, v_old.slug, v_old.owner_id, false, null);
  if v_refusal is not null then
    return jsonb_build_object('deleted', false, 'refusal', v_refusal);
  end if;
  delete from public.prospects p where p.id = v_old.id;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id, last_values)
  values (v_old.id, v_old.slug, 'delete', delete_prospect.rep_id, jsonb_build_object(
    'fields', (
      select jsonb_object_agg(f.name, to_jsonb(v_old) -> f.name) from unnest(public.prospect_field_names()) as f(name)
    ),
    'owner_id', v_old.owner_id
  ));
  return jsonb_build_object('deleted', true);
end;
$$;

-- Inserts or updates prospects by slug, for imports (the command line, a rep's CSV). Over PostgREST
-- one request is one transaction, so a whole import is one JSON array in one call: every row is
-- written or none is. `prospects`: objects with slug, name, company_name, template, city, services,
-- opening_hours, website, booking_link, first_message, system and assistant_id (null or absent:
-- none). A row whose fields are all unchanged is left alone, so importing the same file twice writes
-- nothing the second time. A new prospect is owned by the importing rep (`rep_id`, null: the command
-- line); each inserted or updated row gets an 'import' audit entry naming the fields it changed.
-- A rep's import with a row of a prospect they may not change (list_refused_slugs) is refused whole
-- (SQLSTATE RP403, naming the first such slugs); the server checks the file for these first, to name
-- their lines. Returns {"inserted": n, "updated": n, "unchanged": n}. Any bad row (a constraint, a
-- null, a slug twice in one array) fails the whole call.
create or replace function public.upsert_prospects(prospects jsonb, rep_id uuid default null)
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
  v_refused jsonb;
begin
  if jsonb_typeof(upsert_prospects.prospects) is distinct from 'array' then
    raise exception 'prospects must be a JSON array of objects' using errcode = '22023';
  end if;
  v_total := jsonb_array_length(upsert_prospects.prospects);

  if upsert_prospects.rep_id is not null then
    v_refused := public.list_refused_slugs(
      upsert_prospects.rep_id,
      (select coalesce(jsonb_agg(x -> 'slug'), '[]'::jsonb) from jsonb_array_elements(upsert_prospects.prospects) as x)
    );
    if jsonb_array_length(v_refused) > 0 then
      raise exception 'the import has % rows of prospects the rep may not change: %',
        jsonb_array_length(v_refused),
        (select string_agg(f.item ->> 'slug', ', ') from (
          select e.item from jsonb_array_elements(v_refused) as e(item) limit 5
        ) f)
        using errcode = 'RP403';
    end if;
  end if;

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

-- One page of the deleted prospects, the latest deletion first: {"total", "prospects": [{id (the
-- prospect's, for get_deleted_prospect), slug, name, company_name (null when deleted before the last
-- values were kept), owner, deleted_at, deleted_by}]}.
create function public.list_deleted_prospects(page_offset integer, page_size integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'total', (select count(*)::integer from public.prospect_audit a where a.action = 'delete'),
    'prospects', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', d.prospect_id, 'slug', d.slug,
        'name', d.last_values -> 'fields' ->> 'name',
        'company_name', d.last_values -> 'fields' ->> 'company_name',
        'owner', public.prospect_rep_json((d.last_values ->> 'owner_id')::uuid),
        'deleted_at', d.at, 'deleted_by', public.prospect_rep_json(d.rep_id)
      ) order by d.at desc, d.id)
      from (
        select a.* from public.prospect_audit a
        where a.action = 'delete'
        order by a.at desc, a.id
        offset greatest(coalesce(list_deleted_prospects.page_offset, 0), 0)
        limit greatest(1, least(coalesce(list_deleted_prospects.page_size, 50), 200))
      ) d
    ), '[]'::jsonb)
  )
$$;

-- One deleted prospect by its id: {"id", "slug", "fields" (its last values; null when deleted before
-- they were kept), "owner", "deleted_at", "deleted_by", "history": its trail, newest first, at most
-- `max_rows`, as list_prospect_history answers it}; null when no prospect with this id was deleted.
create function public.get_deleted_prospect(prospect_id uuid, max_rows integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'id', d.prospect_id, 'slug', d.slug, 'fields', d.last_values -> 'fields',
    'owner', public.prospect_rep_json((d.last_values ->> 'owner_id')::uuid),
    'deleted_at', d.at, 'deleted_by', public.prospect_rep_json(d.rep_id),
    'history', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'action', h.action, 'slug', h.slug, 'at', h.at, 'rep', public.prospect_rep_json(h.rep_id),
        'changed', to_jsonb(h.changed)
      ) order by h.at desc, h.n desc), '[]'::jsonb)
      from (
        select a.action, a.slug, a.at, a.changed, a.rep_id, row_number() over (order by a.at) as n
        from public.prospect_audit a
        where a.prospect_id = d.prospect_id
        order by a.at desc
        limit greatest(1, least(coalesce(get_deleted_prospect.max_rows, 100), 1000))
      ) h
    )
  )
  from public.prospect_audit d
  where d.prospect_id = get_deleted_prospect.prospect_id and d.action = 'delete'
  order by d.at desc
  limit 1
$$;

comment on function public.prospect_change_refusal(uuid, text, uuid, boolean, uuid) is
  'Why a rep may not change a prospect (null: they may): the ownership rule; service_role only.';
comment on function public.list_deleted_prospects(integer, integer) is
  'The deleted prospects, the latest deletion first, a page at a time; service_role only.';
comment on function public.get_deleted_prospect(uuid, integer) is
  'A deleted prospect''s last values and history; service_role only.';

revoke all on function public.prospect_rep_json(uuid) from public, anon, authenticated;
revoke all on function public.prospect_change_refusal(uuid, text, uuid, boolean, uuid) from public, anon, authenticated;
revoke all on function public.list_refused_slugs(uuid, jsonb) from public, anon, authenticated;
revoke all on function public.list_deleted_prospects(integer, integer) from public, anon, authenticated;
revoke all on function public.get_deleted_prospect(uuid, integer) from public, anon, authenticated;
grant execute on function public.prospect_rep_json(uuid) to service_role;
grant execute on function public.prospect_change_refusal(uuid, text, uuid, boolean, uuid) to service_role;
grant execute on function public.list_refused_slugs(uuid, jsonb) to service_role;
grant execute on function public.list_deleted_prospects(integer, integer) to service_role;
grant execute on function public.get_deleted_prospect(uuid, integer) to service_role;
