-- Applies a job's staged rows in this one transaction, through upsert_prospects (stamped with the job's
-- rep): every row or none. Then the job is done, with the counts and the slugs, and its staged rows
-- are deleted. A job not open is answered as it is; one missing rows is refused (nothing is written).
create or replace function public.apply_import_job(job_id uuid, at timestamptz)
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

comment on function public.apply_import_job(uuid, timestamptz) is
  'Writes an import job''s staged rows in one transaction; service_role only.';

revoke all on function public.apply_import_job(uuid, timestamptz) from public, anon, authenticated;

grant execute on function public.apply_import_job(uuid, timestamptz) to service_role;
