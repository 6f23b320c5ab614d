-- Checks `slugs`, one chunk of running job `job_id`, by the rule the write asks (bulk_row_refusal),
-- without writing or locking them, and moves the job's counts on. {"status": "checked", "checked", "refused"}, or
-- {"status": "gone"} when the job is no longer checking (answered as interrupted): its caller stops.
create or replace function public.check_bulk_job_chunk(
  job_id uuid, action text, slugs text[], rep_id uuid, owner_id uuid, at timestamptz
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_admin boolean;
  v_refused integer;
  v_job public.bulk_jobs;
begin
  v_admin := public.prospect_change_refusal(check_bulk_job_chunk.rep_id, '', null, false, null) is null;
  select count(*)::integer into v_refused
  from public.prospects p
  where p.slug = any (check_bulk_job_chunk.slugs)
    and public.bulk_row_refusal(
      check_bulk_job_chunk.action, check_bulk_job_chunk.rep_id, v_admin, p.slug, p.owner_id, p.website,
      check_bulk_job_chunk.owner_id
    ) is not null;
  update public.bulk_jobs j
  set checked = j.checked + cardinality(check_bulk_job_chunk.slugs),
      refused = j.refused + v_refused,
      updated_at = check_bulk_job_chunk.at
  where j.id = check_bulk_job_chunk.job_id and j.status = 'running' and j.phase = 'checking'
  returning * into v_job;
  if not found then
    return jsonb_build_object('status', 'gone');
  end if;
  return jsonb_build_object('status', 'checked', 'checked', v_job.checked, 'refused', v_job.refused);
end;
$$;

revoke all on function public.check_bulk_job_chunk(uuid, text, text[], uuid, uuid, timestamptz)
  from public, anon, authenticated;
grant execute on function public.check_bulk_job_chunk(uuid, text, text[], uuid, uuid, timestamptz)
  to service_role;
