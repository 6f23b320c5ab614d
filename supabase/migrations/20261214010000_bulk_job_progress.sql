-- A large bulk action's progress, as facts the page can show while it runs.
--
-- The job checks its rows against the ownership rule in chunks first, each chunk one short
-- transaction that moves `checked` (and `refused`) on the job's row, so a read of the job answers
-- between chunks, on the embedded database's one connection too. Then it writes, in one transaction
-- as before (run_bulk_job: every row the rep may change, or none), which checks the rule again for
-- the moment of the write, since rows can change hands between the chunks and the write. While it
-- writes there is no count to show: the row says since when it has been writing.

alter table public.bulk_jobs
  add column phase text not null default 'checking',
  add column checked integer not null default 0,
  add column refused integer not null default 0,
  add column writing_at timestamptz null,
  add constraint bulk_jobs_phase check (phase in ('checking', 'writing'));
comment on column public.bulk_jobs.checked is
  'How many of the job''s prospects have been checked against the ownership rule (of `total`).';
comment on column public.bulk_jobs.refused is
  'Of those checked, how many the rep may not change (checked again when the job writes).';

-- Checks `slugs`, one chunk of running job `job_id`, by bulk_change_prospects' rule (the ownership
-- rule per row, the fallback never deleted, a re-read needing a website), without writing or
-- locking them, and moves the job's counts on. {"status": "checked", "checked", "refused"}, or
-- {"status": "gone"} when the job is no longer checking (answered as interrupted): its caller stops.
create function public.check_bulk_job_chunk(
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
    and case
      when check_bulk_job_chunk.action = 'delete' and p.slug = 'visitor' then true
      when check_bulk_job_chunk.action = 'reread' and p.website is null then true
      when v_admin then false
      else public.prospect_change_refusal(
        check_bulk_job_chunk.rep_id, p.slug, p.owner_id,
        check_bulk_job_chunk.action = 'reassign', check_bulk_job_chunk.owner_id
      ) is not null
    end;
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
