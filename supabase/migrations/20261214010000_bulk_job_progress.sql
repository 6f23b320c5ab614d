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
