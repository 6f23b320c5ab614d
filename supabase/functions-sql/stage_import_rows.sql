-- Stages rows of a job from `first_position` (0-based, in file order), and marks it running.
-- A job that is no longer open (settled as failed meanwhile) stages nothing: its job is answered as it
-- is, and its writer stops.
create or replace function public.stage_import_rows(job_id uuid, first_position integer, prospects jsonb, at timestamptz)
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

comment on function public.stage_import_rows(uuid, integer, jsonb, timestamptz) is
  'Stages a chunk of an import job''s rows; service_role only.';

revoke all on function public.stage_import_rows(uuid, integer, jsonb, timestamptz) from public, anon, authenticated;

grant execute on function public.stage_import_rows(uuid, integer, jsonb, timestamptz) to service_role;
