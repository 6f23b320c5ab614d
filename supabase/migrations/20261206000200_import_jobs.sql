-- Imports as jobs.
--
-- A rep's import (and the command line's) is a job: created with the client's idempotency key and a
-- hash of the file, its rows staged in chunks (each a short transaction, so `done` of `total` can be
-- shown), then applied in one transaction by upsert_prospects, all or nothing as before jobs. A retry
-- with the same key answers the job it made rather than writing again; the same key with another file
-- is refused. A job whose writer stopped (its server died, even mid-apply: the apply's transaction is
-- rolled back, so nothing of it is written) stops moving, and is settled as failed when next read or
-- when the next import begins, its staged rows deleted; the file is then imported again, not resumed.
-- Statuses: queued → running → done | failed. Jobs are kept 7 days (pruned as new ones begin).

create table public.import_jobs (
  id uuid primary key default gen_random_uuid(),
  -- Who imports: a rep, or null for the command line. Keys are the client's, so they are per rep.
  rep_id uuid null references public.reps (id) on delete cascade,
  idempotency_key text not null constraint import_jobs_key_format check (idempotency_key ~ '^[A-Za-z0-9_-]{16,100}$'),
  -- SHA-256 of the file's bytes, in hex: the same key with another file is refused.
  file_hash text not null constraint import_jobs_file_hash check (file_hash ~ '^[0-9a-f]{64}$'),
  status text not null default 'queued' constraint import_jobs_status check (status in ('queued', 'running', 'done', 'failed')),
  total integer not null constraint import_jobs_total check (total >= 0),
  -- Rows staged so far; `total` once done.
  done integer not null default 0,
  -- Once done: {"inserted", "updated", "unchanged"}, and the slugs in file order (for the links).
  result jsonb null,
  slugs text[] null,
  -- Once failed: what to tell the rep, in words.
  error text null constraint import_jobs_error check (char_length(error) between 1 and 500),
  created_at timestamptz not null,
  -- Moves with every chunk staged: a job whose time stands still has lost its server.
  updated_at timestamptz not null,
  constraint import_jobs_done_rows check (done between 0 and total),
  constraint import_jobs_done check ((status = 'done') = (result is not null and slugs is not null)),
  constraint import_jobs_failed check ((status = 'failed') = (error is not null)),
  constraint import_jobs_once unique nulls not distinct (idempotency_key, rep_id)
);
create index import_jobs_created on public.import_jobs (created_at);
create index import_jobs_open on public.import_jobs (updated_at) where status in ('queued', 'running');

-- A job's rows until it is applied (or fails): each prospect as `upsert_prospects` takes it.
create table public.import_job_rows (
  job_id uuid not null references public.import_jobs (id) on delete cascade,
  ordinal integer not null,
  prospect jsonb not null,
  primary key (job_id, ordinal)
);

alter table public.import_jobs enable row level security;
alter table public.import_job_rows enable row level security;
revoke all on table public.import_jobs, public.import_job_rows from anon, authenticated;
grant select, insert, update, delete on table public.import_jobs, public.import_job_rows to service_role;

-- A job as the server reads it. `slugs` only once done (they can be 50,000).
create function public.import_job_json(job public.import_jobs)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', job.id, 'rep_id', job.rep_id, 'status', job.status, 'total', job.total, 'done', job.done,
    'result', job.result, 'slugs', case when job.status = 'done' then to_jsonb(job.slugs) end,
    'error', job.error, 'created_at', job.created_at, 'updated_at', job.updated_at
  )
$$;

-- Settles the open jobs (of one id, or all) whose time stood still for `stale_seconds`: failed, with
-- `error`, and their staged rows deleted. The apply is one transaction, so nothing of them is written.
-- An apply still running holds its job's row, so this waits for it and then finds the job done.
-- Answers how many were settled. A server whose database is its own alone (the embedded one) settles
-- every open job as it starts (`stale_seconds` 0): no other process can be writing them.
create function public.settle_stale_import_jobs(job_id uuid, at timestamptz, stale_seconds integer, error text)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_count integer;
begin
  with settled as (
    update public.import_jobs j
    set status = 'failed', error = settle_stale_import_jobs.error, updated_at = settle_stale_import_jobs.at
    where j.status in ('queued', 'running')
      and j.updated_at < settle_stale_import_jobs.at - make_interval(secs => stale_seconds)
      and (settle_stale_import_jobs.job_id is null or j.id = settle_stale_import_jobs.job_id)
    returning j.id
  ), dropped as (
    delete from public.import_job_rows r using settled s where r.job_id = s.id
  )
  select count(*)::integer into v_count from settled;
  return v_count;
end;
$$;

-- Starts an import, or finds the one this key started. Prunes jobs older than `retention_days` and
-- settles stale ones first. The key's job with another file: {"status": "conflict", "job": null}.
-- The key's job that failed (nothing of it was written) is replaced by a new one, so the same file can
-- be tried again. Otherwise {"status": "created" | "existing", "job": {…}}.
create function public.begin_import_job(
  rep_id uuid, idempotency_key text, file_hash text, total integer, at timestamptz,
  stale_seconds integer, stale_error text, retention_days integer
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_job public.import_jobs;
begin
  delete from public.import_jobs j where j.created_at < begin_import_job.at - make_interval(days => retention_days);
  perform public.settle_stale_import_jobs(null, begin_import_job.at, stale_seconds, stale_error);
  for attempt in 1..2 loop
    select * into v_job from public.import_jobs j
    where j.idempotency_key = begin_import_job.idempotency_key
      and j.rep_id is not distinct from begin_import_job.rep_id
    for update;
    if found and v_job.file_hash <> begin_import_job.file_hash then
      return jsonb_build_object('status', 'conflict', 'job', null);
    end if;
    if found and v_job.status <> 'failed' then
      return jsonb_build_object('status', 'existing', 'job', public.import_job_json(v_job));
    end if;
    if found then
      delete from public.import_jobs j where j.id = v_job.id;
    end if;
    insert into public.import_jobs as j (rep_id, idempotency_key, file_hash, total, created_at, updated_at)
    values (begin_import_job.rep_id, begin_import_job.idempotency_key, begin_import_job.file_hash,
      begin_import_job.total, begin_import_job.at, begin_import_job.at)
    on conflict on constraint import_jobs_once do nothing
    returning * into v_job;
    if found then
      return jsonb_build_object('status', 'created', 'job', public.import_job_json(v_job));
    end if;
    -- Another call with this key created its job meanwhile: read that one.
  end loop;
  raise exception 'import job for this key could not be created or found' using errcode = '40001';
end;
$$;

-- Stages rows of a job from `first_position` (0-based, in file order), and marks it running.
-- A job that is no longer open (settled as failed meanwhile) stages nothing: its job is answered as it
-- is, and its writer stops.
create function public.stage_import_rows(job_id uuid, first_position integer, prospects jsonb, at timestamptz)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_job public.import_jobs;
  v_count integer;
begin
  if jsonb_typeof(stage_import_rows.prospects) is distinct from 'array' then
    raise exception 'prospects must be a JSON array of objects' using errcode = '22023';
  end if;
  select * into v_job from public.import_jobs j where j.id = stage_import_rows.job_id for update;
  if not found then
    return null;
  end if;
  if v_job.status not in ('queued', 'running') then
    return public.import_job_json(v_job);
  end if;
  insert into public.import_job_rows (job_id, ordinal, prospect)
  select stage_import_rows.job_id, first_position + (x.i - 1)::integer, x.val
  from jsonb_array_elements(stage_import_rows.prospects) with ordinality as x(val, i);
  get diagnostics v_count = row_count;
  update public.import_jobs j
  set status = 'running', done = j.done + v_count, updated_at = stage_import_rows.at
  where j.id = stage_import_rows.job_id
  returning * into v_job;
  return public.import_job_json(v_job);
end;
$$;

-- Applies a job's staged rows in this one transaction, through upsert_prospects (stamped with the job's
-- rep): every row or none. Then the job is done, with the counts and the slugs, and its staged rows
-- are deleted. A job not open is answered as it is; one missing rows is refused (nothing is written).
create function public.apply_import_job(job_id uuid, at timestamptz)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_job public.import_jobs;
  v_rows jsonb;
  v_slugs text[];
  v_counts jsonb;
begin
  select * into v_job from public.import_jobs j where j.id = apply_import_job.job_id for update;
  if not found then
    return null;
  end if;
  if v_job.status not in ('queued', 'running') then
    return public.import_job_json(v_job);
  end if;
  select coalesce(jsonb_agg(r.prospect order by r.ordinal), '[]'::jsonb),
    coalesce(array_agg(r.prospect ->> 'slug' order by r.ordinal), '{}')
  into v_rows, v_slugs
  from public.import_job_rows r where r.job_id = apply_import_job.job_id;
  if cardinality(v_slugs) <> v_job.total then
    raise exception 'import job % has % of its % rows staged', v_job.id, cardinality(v_slugs), v_job.total
      using errcode = '22023';
  end if;
  v_counts := public.upsert_prospects(v_rows, v_job.rep_id);
  delete from public.import_job_rows r where r.job_id = apply_import_job.job_id;
  update public.import_jobs j
  set status = 'done', done = j.total, result = v_counts, slugs = v_slugs, updated_at = apply_import_job.at
  where j.id = apply_import_job.job_id
  returning * into v_job;
  return public.import_job_json(v_job);
end;
$$;

-- Marks an open job failed with `error` (in words) and deletes its staged rows; nothing of it was
-- applied. A job already done or failed is left as it is. Answers the job.
create function public.fail_import_job(job_id uuid, error text, at timestamptz)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_job public.import_jobs;
begin
  update public.import_jobs j
  set status = 'failed', error = fail_import_job.error, updated_at = fail_import_job.at
  where j.id = fail_import_job.job_id and j.status in ('queued', 'running');
  delete from public.import_job_rows r where r.job_id = fail_import_job.job_id;
  select * into v_job from public.import_jobs j where j.id = fail_import_job.job_id;
  return case when found then public.import_job_json(v_job) end;
end;
$$;

-- One job, settled first if it stood still for `stale_seconds` (then failed with `stale_error`); null
-- when there is none (never made, or pruned).
create function public.get_import_job(job_id uuid, at timestamptz, stale_seconds integer, stale_error text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_job public.import_jobs;
begin
  perform public.settle_stale_import_jobs(get_import_job.job_id, get_import_job.at, stale_seconds, stale_error);
  select * into v_job from public.import_jobs j where j.id = get_import_job.job_id;
  return case when found then public.import_job_json(v_job) end;
end;
$$;

comment on function public.begin_import_job(uuid, text, text, integer, timestamptz, integer, text, integer) is
  'Starts an import job for a key and file, or answers the one the key started; service_role only.';
comment on function public.stage_import_rows(uuid, integer, jsonb, timestamptz) is
  'Stages a chunk of an import job''s rows; service_role only.';
comment on function public.apply_import_job(uuid, timestamptz) is
  'Writes an import job''s staged rows in one transaction; service_role only.';
comment on function public.fail_import_job(uuid, text, timestamptz) is
  'Marks an import job failed and drops its staged rows; service_role only.';
comment on function public.settle_stale_import_jobs(uuid, timestamptz, integer, text) is
  'Fails the open import jobs that stood still too long and drops their staged rows; service_role only.';
comment on function public.get_import_job(uuid, timestamptz, integer, text) is
  'Answers an import job, settled as failed if it stood still too long; service_role only.';

revoke all on function public.import_job_json(public.import_jobs) from public, anon, authenticated;
revoke all on function public.settle_stale_import_jobs(uuid, timestamptz, integer, text) from public, anon, authenticated;
revoke all on function public.begin_import_job(uuid, text, text, integer, timestamptz, integer, text, integer) from public, anon, authenticated;
revoke all on function public.stage_import_rows(uuid, integer, jsonb, timestamptz) from public, anon, authenticated;
revoke all on function public.apply_import_job(uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.fail_import_job(uuid, text, timestamptz) from public, anon, authenticated;
revoke all on function public.get_import_job(uuid, timestamptz, integer, text) from public, anon, authenticated;
grant execute on function public.import_job_json(public.import_jobs) to service_role;
grant execute on function public.settle_stale_import_jobs(uuid, timestamptz, integer, text) to service_role;
grant execute on function public.begin_import_job(uuid, text, text, integer, timestamptz, integer, text, integer) to service_role;
grant execute on function public.stage_import_rows(uuid, integer, jsonb, timestamptz) to service_role;
grant execute on function public.apply_import_job(uuid, timestamptz) to service_role;
grant execute on function public.fail_import_job(uuid, text, timestamptz) to service_role;
grant execute on function public.get_import_job(uuid, timestamptz, integer, text) to service_role;
