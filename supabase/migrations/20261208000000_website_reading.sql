-- A prospect's agent knows the business from its own website.
--
-- Four details join the prospect's fields: the business's phone number, a sentence or two about it in
-- its own words, its logo (kept on our side, website_images) and its colour. A rep fills them by hand or
-- from the site; an import reads the sites of its rows in the background (website_reads) and fills only
-- the blank details, so nothing a rep wrote is replaced by what a site says.
--
-- The functions that write a prospect's fields now take the column list from prospect_field_names()
-- (dynamic SQL), so a field added later is one name in one list and a column, not three functions
-- declared again.

alter table public.prospects
  add column phone text,
  add column description text,
  add column logo text,
  add column theme_color text,
  add constraint prospects_logo_format check (logo ~ '^[0-9a-f]{64}$'),
  add constraint prospects_theme_color_format check (theme_color ~ '^#[0-9a-f]{6}$');

comment on column public.prospects.logo is
  'The business''s logo: the id (sha256 of the bytes) of a row of website_images.';

-- Logos as we keep them: re-encoded PNG (never an SVG or anything as it came), at most 200 KB, named
-- by the hash of their bytes so the same logo is kept once and its address never changes.
create table public.website_images (
  id text primary key check (id ~ '^[0-9a-f]{64}$'),
  content_type text not null check (content_type = 'image/png'),
  bytes bytea not null check (octet_length(bytes) between 1 and 204800),
  width integer not null check (width between 1 and 512),
  height integer not null check (height between 1 and 512),
  source_url text not null check (char_length(source_url) <= 2000),
  created_at timestamptz not null default now()
);
alter table public.website_images enable row level security;
comment on table public.website_images is 'Logos read from prospects'' websites, re-encoded; served at /api/logos/{id}.';

-- The website readings an import (or a rep's "Try again") asked for, one per prospect: queued, then
-- leased by one server while it reads (a lease that runs out is taken again, so a server that dies
-- loses nothing), then read or failed with the reason in words for the rep.
create table public.website_reads (
  prospect_id uuid primary key references public.prospects (id) on delete cascade,
  import_job_id uuid references public.import_jobs (id) on delete set null,
  website text not null check (char_length(website) <= 300),
  status text not null default 'queued' check (status in ('queued', 'reading', 'read', 'failed')),
  error text check (char_length(error) <= 300),
  filled text[] not null default '{}',
  attempts integer not null default 0,
  lease_until timestamptz,
  queued_at timestamptz not null,
  updated_at timestamptz not null,
  constraint website_reads_failed check ((status = 'failed') = (error is not null))
);
alter table public.website_reads enable row level security;
create index website_reads_pending on public.website_reads (queued_at) where status in ('queued', 'reading');
create index website_reads_job on public.website_reads (import_job_id);

alter table public.prospect_audit drop constraint prospect_audit_action;
alter table public.prospect_audit add constraint prospect_audit_action
  check (action in ('create', 'update', 'delete', 'import', 'website'));

create or replace function public.prospect_field_names()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'slug', 'name', 'company_name', 'template', 'city', 'services', 'opening_hours', 'website',
    'booking_link', 'phone', 'description', 'logo', 'theme_color', 'first_message', 'system',
    'assistant_id'
  ]
$$;

-- "a, b, c" or "x.a, x.b, x.c": the fields as a column list for the functions below.
create or replace function public.prospect_field_list(prefix text default '')
returns text
language sql
immutable
set search_path = ''
as $$
  select string_agg(prospect_field_list.prefix || quote_ident(f.name), ', ' order by f.n)
  from unnest(public.prospect_field_names()) with ordinality as f(name, n)
$$;

create or replace function public.create_prospect(fields jsonb, rep_id uuid, owner_id uuid)
returns jsonb
language plpgsql
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
  execute format(
    'insert into public.prospects as p (%s, owner_id, created_by, updated_by)
     select %s, $2, $3, $3 from jsonb_populate_record(null::public.prospects, $1) as x
     on conflict (slug) do nothing
     returning p.id, p.slug',
    public.prospect_field_list(), public.prospect_field_list('x.')
  )
  into v_id, v_slug
  using create_prospect.fields, create_prospect.owner_id, create_prospect.rep_id;
  if v_id is null then
    return jsonb_build_object('status', 'slug_taken');
  end if;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id)
  values (v_id, v_slug, 'create', create_prospect.rep_id);
  return jsonb_build_object('status', 'created');
end;
$$;

create or replace function public.update_prospect(
  slug text, fields jsonb, rep_id uuid, owner_id uuid, set_owner boolean
)
returns jsonb
language plpgsql
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
    execute format(
      'update public.prospects p
       set (%s) = (select %s from jsonb_populate_record(null::public.prospects, $1) as x),
           owner_id = case when $2 then $3 else p.owner_id end,
           updated_by = $4, updated_at = now()
       where p.id = $5',
      public.prospect_field_list(), public.prospect_field_list('x.')
    )
    using to_jsonb(v_new), update_prospect.set_owner, update_prospect.owner_id, update_prospect.rep_id, v_old.id;
  exception when unique_violation then
    return jsonb_build_object('status', 'slug_taken');
  end;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id, changed)
  values (v_old.id, v_new.slug, 'update', update_prospect.rep_id, v_changed);
  return jsonb_build_object('status', 'updated', 'slug', v_new.slug, 'changed', to_jsonb(v_changed));
end;
$$;

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
  v_refused jsonb;
  v_set text;
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
      insert into public.prospects as v (%1$s, owner_id, created_by, updated_by)
      select %2$s, $2, $2, $2 from input i
      on conflict (slug) do update
        set (%3$s) = (%4$s), updated_by = excluded.updated_by, updated_at = now()
        where (%5$s) is distinct from (%4$s)
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
  using upsert_prospects.prospects, upsert_prospects.rep_id;

  return jsonb_build_object(
    'inserted', v_inserted,
    'updated', v_updated,
    'unchanged', v_total - v_inserted - v_updated
  );
end;
$$;

-- Queues the readings of these prospects' sites (those with a website), from an import or a rep's
-- "Try again": a prospect already queued or read is queued afresh. Answers how many were queued.
create or replace function public.queue_website_reads(slugs text[], import_job_id uuid, at timestamptz)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  insert into public.website_reads as w (prospect_id, import_job_id, website, queued_at, updated_at)
  select p.id, queue_website_reads.import_job_id, p.website, queue_website_reads.at, queue_website_reads.at
  from public.prospects p
  where p.slug = any (queue_website_reads.slugs) and p.website is not null
  on conflict (prospect_id) do update
    set website = excluded.website, status = 'queued', error = null, filled = '{}', lease_until = null,
        attempts = 0, queued_at = excluded.queued_at, updated_at = excluded.updated_at,
        import_job_id = coalesce(excluded.import_job_id, w.import_job_id);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Takes up to max_rows readings to do, oldest first, for lease_seconds: queued ones, and ones whose
-- reader's lease ran out (it stopped). A reading tried three times without an answer fails.
create or replace function public.claim_website_reads(max_rows integer, lease_seconds integer, at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_claimed jsonb;
begin
  update public.website_reads w
  set status = 'failed', error = 'The site could not be read: the reader stopped three times while reading it.',
      lease_until = null, updated_at = claim_website_reads.at
  where w.status = 'reading' and w.lease_until < claim_website_reads.at and w.attempts >= 3;

  with picked as (
    select w.prospect_id from public.website_reads w
    where w.status = 'queued' or (w.status = 'reading' and w.lease_until < claim_website_reads.at)
    order by w.queued_at, w.prospect_id
    limit greatest(claim_website_reads.max_rows, 0)
    for update skip locked
  ),
  taken as (
    update public.website_reads w
    set status = 'reading', attempts = w.attempts + 1,
        lease_until = claim_website_reads.at + make_interval(secs => claim_website_reads.lease_seconds),
        updated_at = claim_website_reads.at
    from picked
    where w.prospect_id = picked.prospect_id
    returning w.prospect_id, w.website
  )
  select coalesce(jsonb_agg(jsonb_build_object('prospect_id', t.prospect_id, 'website', t.website)), '[]'::jsonb)
  into v_claimed
  from taken t;
  return v_claimed;
end;
$$;

-- Ends one reading. Read: each proposed value fills its field only where the prospect has none (nothing
-- a rep wrote is replaced), and only while the prospect's website is still the one read; the fields
-- filled are kept for the rep and written to the prospect's history. Failed: the reason, for the rep.
create or replace function public.finish_website_read(
  prospect_id uuid, website text, facts jsonb, error text, at timestamptz
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_old public.prospects;
  v_new jsonb;
  v_filled text[] := '{}';
  v_fact record;
begin
  select * into v_old from public.prospects p where p.id = finish_website_read.prospect_id for update;
  if v_old.id is null then
    return jsonb_build_object('status', 'gone');
  end if;
  if finish_website_read.error is not null then
    update public.website_reads w
    set status = 'failed', error = left(finish_website_read.error, 300), lease_until = null,
        updated_at = finish_website_read.at
    where w.prospect_id = finish_website_read.prospect_id and w.website = finish_website_read.website;
    return jsonb_build_object('status', 'failed');
  end if;
  if v_old.website is distinct from finish_website_read.website then
    update public.website_reads w
    set status = 'failed', error = 'The website changed while it was being read; try again.',
        lease_until = null, updated_at = finish_website_read.at
    where w.prospect_id = finish_website_read.prospect_id;
    return jsonb_build_object('status', 'website_changed');
  end if;
  v_new := to_jsonb(v_old);
  for v_fact in
    select f.key, f.value from jsonb_each_text(coalesce(finish_website_read.facts, '{}'::jsonb)) as f(key, value)
  loop
    if v_fact.key = any (public.prospect_field_names()) and v_fact.key not in ('slug', 'name', 'website')
      and (v_new ->> v_fact.key) is null and v_fact.value is not null then
      v_new := jsonb_set(v_new, array[v_fact.key], to_jsonb(v_fact.value));
      v_filled := v_filled || v_fact.key;
    end if;
  end loop;
  if cardinality(v_filled) > 0 then
    execute format(
      'update public.prospects p
       set (%s) = (select %s from jsonb_populate_record(null::public.prospects, $1) as x), updated_at = now()
       where p.id = $2',
      public.prospect_field_list(), public.prospect_field_list('x.')
    )
    using v_new, v_old.id;
    insert into public.prospect_audit (prospect_id, slug, action, rep_id, changed)
    values (v_old.id, v_old.slug, 'website', null, v_filled);
  end if;
  update public.website_reads w
  set status = 'read', error = null, filled = v_filled, lease_until = null, updated_at = finish_website_read.at
  where w.prospect_id = finish_website_read.prospect_id;
  return jsonb_build_object('status', 'read', 'filled', to_jsonb(v_filled));
end;
$$;

-- One reading as the reps' pages show it.
create or replace function public.website_read_row(prospect_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'slug', p.slug, 'companyName', p.company_name, 'website', w.website, 'status', w.status,
    'error', w.error, 'filled', to_jsonb(w.filled), 'updatedAt', w.updated_at
  )
  from public.website_reads w join public.prospects p on p.id = w.prospect_id
  where w.prospect_id = website_read_row.prospect_id
$$;

-- An import's readings: the counts, and each one that could not be read (for the rep to fix or retry).
create or replace function public.website_read_progress(import_job_id uuid, max_failures integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'total', count(*),
    'read', count(*) filter (where w.status = 'read'),
    'failed', count(*) filter (where w.status = 'failed'),
    'pending', count(*) filter (where w.status in ('queued', 'reading')),
    'failures', coalesce((
      select jsonb_agg(public.website_read_row(f.prospect_id) order by f.updated_at desc)
      from (
        select x.prospect_id, x.updated_at from public.website_reads x
        where x.import_job_id = website_read_progress.import_job_id and x.status = 'failed'
        order by x.updated_at desc
        limit greatest(website_read_progress.max_failures, 0)
      ) f
    ), '[]'::jsonb)
  )
  from public.website_reads w
  where w.import_job_id = website_read_progress.import_job_id
$$;

-- Only the server reads and writes these, as every other table and function here.
revoke all on table public.website_images, public.website_reads from anon, authenticated;
grant select, insert, update, delete on table public.website_images, public.website_reads to service_role;
revoke all on function public.prospect_field_list(text) from public, anon, authenticated;
revoke all on function public.queue_website_reads(text[], uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.claim_website_reads(integer, integer, timestamptz) from public, anon, authenticated;
revoke all on function public.finish_website_read(uuid, text, jsonb, text, timestamptz) from public, anon, authenticated;
revoke all on function public.website_read_row(uuid) from public, anon, authenticated;
revoke all on function public.website_read_progress(uuid, integer) from public, anon, authenticated;
grant execute on function public.prospect_field_list(text) to service_role;
grant execute on function public.queue_website_reads(text[], uuid, timestamptz) to service_role;
grant execute on function public.claim_website_reads(integer, integer, timestamptz) to service_role;
grant execute on function public.finish_website_read(uuid, text, jsonb, text, timestamptz) to service_role;
grant execute on function public.website_read_row(uuid) to service_role;
grant execute on function public.website_read_progress(uuid, integer) to service_role;
