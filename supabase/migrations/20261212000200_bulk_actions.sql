-- Bulk actions on the reps' lists: reassign, delete (and bring a deletion back), re-read websites.
--
-- One call changes every row a rep may change among those named, in one transaction, and lists the
-- rows it left alone with why (the ownership rule, prospect_change_refusal, decides per row, as it
-- does for one prospect). Refused rows are skipped and listed, never a reason to write nothing: the
-- rep asked for the rest, and each refusal is a fact about that row that asking again would not change.
--
-- A bulk delete stamps its 'delete' audit entries with the batch's id, so the whole batch can be
-- brought back at once by the rep who deleted it (or an admin): each prospect returns with its id,
-- its last values and its owner, unless a new prospect took its slug meanwhile (listed, left deleted).
-- What the prospect did (visits, calls) was deleted with it and does not come back.

alter table public.prospect_audit add column batch_id uuid null;
comment on column public.prospect_audit.batch_id is
  'On a ''delete'' entry of a bulk delete: the batch''s id, to bring the batch back together; null otherwise.';
create index prospect_audit_batch on public.prospect_audit (batch_id) where batch_id is not null;

alter table public.prospect_audit drop constraint prospect_audit_action;
alter table public.prospect_audit add constraint prospect_audit_action
  check (action in ('create', 'update', 'delete', 'import', 'website', 'restore'));

-- A large bulk action runs as a job: the request is answered at once and the page follows the job.
-- The job's row is written done in the transaction that makes the change (run_bulk_job), so a job is
-- never "done" without its change nor changed without being "done"; one left running by a server
-- that stopped changed nothing (its transaction rolled back) and is answered as failed.
create table public.bulk_jobs (
  id uuid primary key default gen_random_uuid(),
  rep_id uuid not null references public.reps (id) on delete cascade,
  action text not null,
  total integer not null,
  status text not null default 'running',
  result jsonb null,
  error text null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint bulk_jobs_action check (action in ('reassign', 'delete', 'reread')),
  constraint bulk_jobs_status check (status in ('running', 'done', 'failed'))
);
comment on table public.bulk_jobs is
  'The reps'' large bulk actions, followed by the page that started them; service_role only.';
create index bulk_jobs_created on public.bulk_jobs (created_at);
alter table public.bulk_jobs enable row level security;
revoke all on table public.bulk_jobs from public, anon, authenticated;
grant select, insert, update, delete on table public.bulk_jobs to service_role;
