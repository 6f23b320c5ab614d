-- Bulk actions on the reps' lists: reassign, delete (and bring a deletion back), re-read websites.
--
-- One call changes every row a rep may change among those named, in one transaction, and lists the
-- rows it left alone with why (the ownership rule, prospect_change_refusal, decides per row, as it
-- does for one prospect). Refused rows are skipped and listed, never a reason to write nothing: the
-- rep asked for the rest, and each refusal is a fact about that row that asking again would not change.
--
-- A bulk delete stamps its 'delete' audit entries with the batch's id, so the whole batch can be
-- brought back at once by the rep who deleted it (or an admin): each prospect returns with its id,
-- its last values and its owner, unless a new prospect took its slug meanwhile (listed, left deleted).
-- What the prospect did (visits, calls) was deleted with it and does not come back.

alter table public.prospect_audit add column batch_id uuid null;
comment on column public.prospect_audit.batch_id is
  'On a ''delete'' entry of a bulk delete: the batch''s id, to bring the batch back together; null otherwise.';
create index prospect_audit_batch on public.prospect_audit (batch_id) where batch_id is not null;

alter table public.prospect_audit drop constraint prospect_audit_action;
alter table public.prospect_audit add constraint prospect_audit_action
  check (action in ('create', 'update', 'delete', 'import', 'website', 'restore'));

-- `action` on the prospects among `slugs` (unknown slugs are counted as missing):
-- 'reassign' gives them to `owner_id` (null: nobody), 'delete' deletes them under `batch_id`,
-- 'reread' queues their websites' reading (rows with no website are listed as such).
-- {"status": "done", "changed", "unchanged", "missing", "refused_count",
--  "refused": [{"slug", "name", "company_name", "refusal"}] (the first `max_refused`, by slug)},
-- or {"status": "owner_unknown"} when the new owner is not an enabled rep (nothing is written).
-- A refusal is prospect_change_refusal's, {"status": "fallback_kept"} (the fallback is never
-- deleted) or {"status": "no_website"}. Set-based, for 50,000 rows: an admin's rows are not asked
-- one by one (the rule lets an enabled admin change any prospect).
create function public.bulk_change_prospects(
  action text, slugs text[], rep_id uuid, owner_id uuid, batch_id uuid, at timestamptz, max_refused integer
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_admin boolean;
  v_set_owner boolean := bulk_change_prospects.action = 'reassign';
  v_ids uuid[];
  v_slugs text[];
  v_found integer;
  v_changed integer := 0;
  v_unchanged integer := 0;
  v_refused jsonb;
  v_refused_count integer;
begin
  if bulk_change_prospects.action is null or bulk_change_prospects.action not in ('reassign', 'delete', 'reread') then
    raise exception 'action must be reassign, delete or reread' using errcode = '22023';
  end if;
  if v_set_owner and bulk_change_prospects.owner_id is not null and not exists (
    select from public.reps r where r.id = bulk_change_prospects.owner_id and r.disabled_at is null
  ) then
    return jsonb_build_object('status', 'owner_unknown');
  end if;
  v_admin := public.prospect_change_refusal(bulk_change_prospects.rep_id, '', null, false, null) is null;

  -- The rows are locked first, in one order, so two bulk actions over the same rows queue rather than deadlock.
  perform 1 from public.prospects p
  where p.slug = any (bulk_change_prospects.slugs) order by p.id for update;

  create temporary table if not exists bulk_rows (
    id uuid, slug text, name text, company_name text, owner_id uuid, website text, refusal jsonb
  ) on commit drop;
  truncate bulk_rows;
  insert into bulk_rows
  select p.id, p.slug, p.name, p.company_name, p.owner_id, p.website,
    case
      when bulk_change_prospects.action = 'delete' and p.slug = 'visitor'
        then jsonb_build_object('status', 'fallback_kept')
      when v_admin then null
      else public.prospect_change_refusal(
        bulk_change_prospects.rep_id, p.slug, p.owner_id, v_set_owner, bulk_change_prospects.owner_id
      )
    end
  from public.prospects p
  where p.slug = any (bulk_change_prospects.slugs);
  get diagnostics v_found = row_count;
  if bulk_change_prospects.action = 'reread' then
    update bulk_rows b set refusal = jsonb_build_object('status', 'no_website')
    where b.refusal is null and b.website is null;
  end if;

  select count(*)::integer into v_refused_count from bulk_rows b where b.refusal is not null;
  select coalesce(jsonb_agg(jsonb_build_object(
      'slug', t.slug, 'name', t.name, 'company_name', t.company_name, 'refusal', t.refusal
    ) order by t.slug), '[]'::jsonb)
  into v_refused
  from (
    select b.* from bulk_rows b where b.refusal is not null order by b.slug
    limit greatest(0, coalesce(bulk_change_prospects.max_refused, 200))
  ) t;

  if bulk_change_prospects.action = 'reassign' then
    select array_agg(b.id) into v_ids from bulk_rows b
    where b.refusal is null and b.owner_id is distinct from bulk_change_prospects.owner_id;
    update public.prospects p
    set owner_id = bulk_change_prospects.owner_id, updated_by = bulk_change_prospects.rep_id,
        updated_at = bulk_change_prospects.at
    where p.id = any (v_ids);
    get diagnostics v_changed = row_count;
    insert into public.prospect_audit (prospect_id, slug, action, rep_id, at, changed)
    select p.id, p.slug, 'update', bulk_change_prospects.rep_id, bulk_change_prospects.at, array['owner']
    from public.prospects p where p.id = any (v_ids);
    select count(*)::integer into v_unchanged from bulk_rows b
    where b.refusal is null and b.owner_id is not distinct from bulk_change_prospects.owner_id;
  elsif bulk_change_prospects.action = 'delete' then
    select array_agg(b.id) into v_ids from bulk_rows b where b.refusal is null;
    insert into public.prospect_audit (prospect_id, slug, action, rep_id, at, last_values, batch_id)
    select p.id, p.slug, 'delete', bulk_change_prospects.rep_id, bulk_change_prospects.at,
      jsonb_build_object(
        'fields', (
          select jsonb_object_agg(f.name, to_jsonb(p) -> f.name)
          from unnest(public.prospect_field_names()) as f(name)
        ),
        'owner_id', p.owner_id
      ),
      bulk_change_prospects.batch_id
    from public.prospects p where p.id = any (v_ids);
    delete from public.prospects p where p.id = any (v_ids);
    get diagnostics v_changed = row_count;
  else
    select array_agg(b.slug) into v_slugs from bulk_rows b where b.refusal is null;
    if v_slugs is not null then
      v_changed := public.queue_website_reads(v_slugs, null, bulk_change_prospects.at);
    end if;
  end if;

  return jsonb_build_object(
    'status', 'done',
    'changed', v_changed,
    'unchanged', v_unchanged,
    'missing', greatest(0, (
      select count(distinct s)::integer from unnest(bulk_change_prospects.slugs) s
    ) - v_found),
    'refused_count', v_refused_count,
    'refused', v_refused
  );
end;
$$;

revoke all on function public.bulk_change_prospects(text, text[], uuid, uuid, uuid, timestamptz, integer)
  from public, anon, authenticated;
grant execute on function public.bulk_change_prospects(text, text[], uuid, uuid, uuid, timestamptz, integer)
  to service_role;

-- Brings a bulk delete back: every prospect of batch `batch_id` that is still deleted returns with its
-- id, last values and owner (nobody, when that rep is gone), stamped with `rep_id` and a 'restore'
-- entry in its history. Only the rep who deleted the batch, or an admin, may.
-- {"status": "restored", "restored", "already", "slug_taken": [slugs a new prospect took meanwhile]},
-- {"status": "not_found"} or {"status": "forbidden"}.
create function public.restore_prospect_batch(batch_id uuid, rep_id uuid, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_deleted_by uuid;
  v_total integer;
  v_restored integer;
  v_taken jsonb;
begin
  select count(*)::integer, min(a.rep_id::text)::uuid into v_total, v_deleted_by
  from public.prospect_audit a
  where a.batch_id = restore_prospect_batch.batch_id and a.action = 'delete';
  if v_total = 0 then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v_deleted_by is distinct from restore_prospect_batch.rep_id
    and public.prospect_change_refusal(restore_prospect_batch.rep_id, '', null, false, null) is not null then
    return jsonb_build_object('status', 'forbidden');
  end if;
  -- One restore of a batch at a time, so two clicks cannot both bring a prospect back.
  perform pg_advisory_xact_lock(hashtextextended('restore-batch:' || restore_prospect_batch.batch_id::text, 0));

  create temporary table if not exists restore_rows (prospect_id uuid, slug text, last_values jsonb, taken boolean)
    on commit drop;
  truncate restore_rows;
  insert into restore_rows
  select a.prospect_id, a.slug, a.last_values,
    exists (select from public.prospects p where p.slug = a.slug)
  from public.prospect_audit a
  where a.batch_id = restore_prospect_batch.batch_id and a.action = 'delete' and a.last_values is not null
    and not exists (select from public.prospects p where p.id = a.prospect_id);

  execute format(
    'insert into public.prospects (id, %s, owner_id, created_by, updated_by, updated_at)
     select r.prospect_id, %s,
       (select o.id from public.reps o where o.id = (r.last_values ->> ''owner_id'')::uuid),
       $1, $1, $2
     from restore_rows r
       cross join lateral jsonb_populate_record(null::public.prospects, r.last_values -> ''fields'') as x
     where not r.taken',
    public.prospect_field_list(), public.prospect_field_list('x.')
  ) using restore_prospect_batch.rep_id, restore_prospect_batch.at;
  get diagnostics v_restored = row_count;

  insert into public.prospect_audit (prospect_id, slug, action, rep_id, at)
  select r.prospect_id, r.slug, 'restore', restore_prospect_batch.rep_id, restore_prospect_batch.at
  from restore_rows r where not r.taken;

  select coalesce(jsonb_agg(r.slug order by r.slug), '[]'::jsonb) into v_taken from restore_rows r where r.taken;
  return jsonb_build_object(
    'status', 'restored',
    'restored', v_restored,
    'already', v_total - (select count(*)::integer from restore_rows),
    'slug_taken', v_taken
  );
end;
$$;

revoke all on function public.restore_prospect_batch(uuid, uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.restore_prospect_batch(uuid, uuid, timestamptz) to service_role;

-- The deleted prospects' page lists only those still deleted: a batch brought back leaves it.
create or replace function public.list_deleted_prospects(page_offset integer, page_size integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'total', (
      select count(*)::integer from public.prospect_audit a
      where a.action = 'delete' and not exists (select from public.prospects p where p.id = a.prospect_id)
    ),
    'prospects', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', d.prospect_id, 'slug', d.slug,
        'name', d.last_values -> 'fields' ->> 'name',
        'company_name', d.last_values -> 'fields' ->> 'company_name',
        'owner', public.prospect_rep_json((d.last_values ->> 'owner_id')::uuid),
        'deleted_at', d.at, 'deleted_by', public.prospect_rep_json(d.rep_id),
        'batch_id', d.batch_id
      ) order by d.at desc, d.id)
      from (
        select a.* from public.prospect_audit a
        where a.action = 'delete' and not exists (select from public.prospects p where p.id = a.prospect_id)
        order by a.at desc, a.id
        offset greatest(coalesce(list_deleted_prospects.page_offset, 0), 0)
        limit greatest(1, least(coalesce(list_deleted_prospects.page_size, 50), 200))
      ) d
    ), '[]'::jsonb)
  )
$$;

-- A large bulk action runs as a job: the request is answered at once and the page follows the job.
-- The job's row is written done in the transaction that makes the change (run_bulk_job), so a job is
-- never "done" without its change nor changed without being "done"; one left running by a server
-- that stopped changed nothing (its transaction rolled back) and is answered as failed.
create table public.bulk_jobs (
  id uuid primary key default gen_random_uuid(),
  rep_id uuid not null references public.reps (id) on delete cascade,
  action text not null,
  total integer not null,
  status text not null default 'running',
  result jsonb null,
  error text null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint bulk_jobs_action check (action in ('reassign', 'delete', 'reread')),
  constraint bulk_jobs_status check (status in ('running', 'done', 'failed'))
);
comment on table public.bulk_jobs is
  'The reps'' large bulk actions, followed by the page that started them; service_role only.';
create index bulk_jobs_created on public.bulk_jobs (created_at);
alter table public.bulk_jobs enable row level security;
revoke all on table public.bulk_jobs from public, anon, authenticated;
grant select, insert, update, delete on table public.bulk_jobs to service_role;

-- bulk_change_prospects for job `job_id`, whose row records the answer in the same transaction.
create function public.run_bulk_job(
  job_id uuid, action text, slugs text[], rep_id uuid, owner_id uuid, batch_id uuid, at timestamptz,
  max_refused integer
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  v_result := public.bulk_change_prospects(
    run_bulk_job.action, run_bulk_job.slugs, run_bulk_job.rep_id, run_bulk_job.owner_id,
    run_bulk_job.batch_id, run_bulk_job.at, run_bulk_job.max_refused
  );
  update public.bulk_jobs j
  set status = 'done', result = v_result || jsonb_build_object('batch_id', run_bulk_job.batch_id),
      updated_at = run_bulk_job.at
  where j.id = run_bulk_job.job_id;
  return v_result;
end;
$$;

revoke all on function public.run_bulk_job(uuid, text, text[], uuid, uuid, uuid, timestamptz, integer)
  from public, anon, authenticated;
grant execute on function public.run_bulk_job(uuid, text, text[], uuid, uuid, uuid, timestamptz, integer)
  to service_role;
