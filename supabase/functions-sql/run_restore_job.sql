-- restore_prospect_batch for job `job_id`, whose row records the answer in the same transaction.
create or replace function public.run_restore_job(job_id uuid, batch_id uuid, rep_id uuid, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  v_result := public.restore_prospect_batch(run_restore_job.batch_id, run_restore_job.rep_id, run_restore_job.at);
  update public.bulk_jobs j
  set status = case when v_result ->> 'status' = 'restored' then 'done' else 'failed' end,
      result = v_result, updated_at = run_restore_job.at
  where j.id = run_restore_job.job_id;
  return v_result;
end;
$$;

revoke all on function public.run_restore_job(uuid, uuid, uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.run_restore_job(uuid, uuid, uuid, timestamptz) to service_role;
