-- bulk_change_prospects for job `job_id`, whose row records the answer in the same transaction.
create or replace function public.run_bulk_job(
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
