-- A job as the server reads it. `slugs` only once done (they can be 50,000).
create or replace function public.import_job_json(job public.import_jobs)
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

revoke all on function public.import_job_json(public.import_jobs) from public, anon, authenticated;

grant execute on function public.import_job_json(public.import_jobs) to service_role;
