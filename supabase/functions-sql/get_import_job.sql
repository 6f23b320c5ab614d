-- One job, settled first if it stood still for `stale_seconds` (then failed with `stale_error`); null
-- when there is none (never made, or pruned).
create or replace function public.get_import_job(job_id uuid, at timestamptz, stale_seconds integer, stale_error text)
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

comment on function public.get_import_job(uuid, timestamptz, integer, text) is
  'Answers an import job, settled as failed if it stood still too long; service_role only.';

revoke all on function public.get_import_job(uuid, timestamptz, integer, text) from public, anon, authenticated;

grant execute on function public.get_import_job(uuid, timestamptz, integer, text) to service_role;
