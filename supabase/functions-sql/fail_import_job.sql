-- Marks an open job failed with `error` (in words) and deletes its staged rows; nothing of it was
-- applied. A job already done or failed is left as it is. Answers the job.
create or replace function public.fail_import_job(job_id uuid, error text, at timestamptz)
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

comment on function public.fail_import_job(uuid, text, timestamptz) is
  'Marks an import job failed and drops its staged rows; service_role only.';

revoke all on function public.fail_import_job(uuid, text, timestamptz) from public, anon, authenticated;

grant execute on function public.fail_import_job(uuid, text, timestamptz) to service_role;
