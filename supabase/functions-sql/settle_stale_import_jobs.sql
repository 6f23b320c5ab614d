-- Settles the open jobs (of one id, or all) whose time stood still for `stale_seconds`: failed, with
-- `error`, and their staged rows deleted. The apply is one transaction, so nothing of them is written.
-- An apply still running holds its job's row, so this waits for it and then finds the job done.
-- Answers how many were settled. A server whose database is its own alone (the embedded one) settles
-- every open job as it starts (`stale_seconds` 0): no other process can be writing them.
create or replace function public.settle_stale_import_jobs(job_id uuid, at timestamptz, stale_seconds integer, error text)
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

comment on function public.settle_stale_import_jobs(uuid, timestamptz, integer, text) is
  'Fails the open import jobs that stood still too long and drops their staged rows; service_role only.';

revoke all on function public.settle_stale_import_jobs(uuid, timestamptz, integer, text) from public, anon, authenticated;

grant execute on function public.settle_stale_import_jobs(uuid, timestamptz, integer, text) to service_role;
