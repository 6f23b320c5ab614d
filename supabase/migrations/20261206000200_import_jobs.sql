-- Imports as jobs.
--
-- A rep's import (and the command line's) is a job: created with the client's idempotency key and a
-- hash of the file, its rows staged in chunks (each a short transaction, so `done` of `total` can be
-- shown), then applied in one transaction by upsert_prospects, all or nothing as before jobs. A retry
-- with the same key answers the job it made rather than writing again; the same key with another file
-- is refused. A job whose writer stopped (its server died, even mid-apply: the apply's transaction is
-- rolled back, so nothing of it is written) stops moving, and is settled as failed when next read or
-- when the next import begins, its staged rows deleted; the file is then imported again, not resumed.
-- Statuses: queued → running → done | failed. Jobs are kept 7 days (pruned as new ones begin).

create table public.import_jobs (
  id uuid primary key default gen_random_uuid(),
  -- Who imports: a rep, or null for the command line. Keys are the client's, so they are per rep.
  rep_id uuid null references public.reps (id) on delete cascade,
  idempotency_key text not null constraint import_jobs_key_format check (idempotency_key ~ '^[A-Za-z0-9_-]{16,100}$'),
  -- SHA-256 of the file's bytes, in hex: the same key with another file is refused.
  file_hash text not null constraint import_jobs_file_hash check (file_hash ~ '^[0-9a-f]{64}$'),
  status text not null default 'queued' constraint import_jobs_status check (status in ('queued', 'running', 'done', 'failed')),
  total integer not null constraint import_jobs_total check (total >= 0),
  -- Rows staged so far; `total` once done.
  done integer not null default 0,
  -- Once done: {"inserted", "updated", "unchanged"}, and the slugs in file order (for the links).
  result jsonb null,
  slugs text[] null,
  -- Once failed: what to tell the rep, in words.
  error text null constraint import_jobs_error check (char_length(error) between 1 and 500),
  created_at timestamptz not null,
  -- Moves with every chunk staged: a job whose time stands still has lost its server.
  updated_at timestamptz not null,
  constraint import_jobs_done_rows check (done between 0 and total),
  constraint import_jobs_done check ((status = 'done') = (result is not null and slugs is not null)),
  constraint import_jobs_failed check ((status = 'failed') = (error is not null)),
  constraint import_jobs_once unique nulls not distinct (idempotency_key, rep_id)
);
create index import_jobs_created on public.import_jobs (created_at);
create index import_jobs_open on public.import_jobs (updated_at) where status in ('queued', 'running');

-- A job's rows until it is applied (or fails): each prospect as `upsert_prospects` takes it.
create table public.import_job_rows (
  job_id uuid not null references public.import_jobs (id) on delete cascade,
  ordinal integer not null,
  prospect jsonb not null,
  primary key (job_id, ordinal)
);

alter table public.import_jobs enable row level security;
alter table public.import_job_rows enable row level security;
revoke all on table public.import_jobs, public.import_job_rows from anon, authenticated;
grant select, insert, update, delete on table public.import_jobs, public.import_job_rows to service_role;
