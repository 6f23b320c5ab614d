-- Bringing a large bulk delete back as a job, as the other large bulk actions run: the request is
-- answered at once and the page follows the job. restore_prospect_batch is one transaction (every
-- prospect of the batch comes back with what it did, or none does), so the job has no count to show
-- while it runs: it is writing from the start, and its row says since when. Who may bring the batch
-- back is asked before the job is made, so a job is only ever made for a batch the rep may restore.

alter table public.bulk_jobs drop constraint bulk_jobs_action;
alter table public.bulk_jobs add constraint bulk_jobs_action
  check (action in ('reassign', 'delete', 'reread', 'restore'));
