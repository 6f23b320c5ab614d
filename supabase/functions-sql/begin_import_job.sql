-- Starts an import, or finds the one this key started. Prunes jobs older than `retention_days` and
-- settles stale ones first. The key's job with another file: {"status": "conflict", "job": null}.
-- The key's job that failed (nothing of it was written) is replaced by a new one, so the same file can
-- be tried again. Otherwise {"status": "created" | "existing", "job": {…}}.
create or replace function public.begin_import_job(
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

comment on function public.begin_import_job(uuid, text, text, integer, timestamptz, integer, text, integer) is
  'Starts an import job for a key and file, or answers the one the key started; service_role only.';

revoke all on function public.begin_import_job(uuid, text, text, integer, timestamptz, integer, text, integer) from public, anon, authenticated;

grant execute on function public.begin_import_job(uuid, text, text, integer, timestamptz, integer, text, integer) to service_role;
