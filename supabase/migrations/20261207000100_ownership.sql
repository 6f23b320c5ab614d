-- Ownership: who may change a prospect.
--
-- Everyone signed in reads every prospect: the team shares the pipeline. Changes follow the owner:
-- - a rep changes and deletes their own prospects, and a prospect a rep creates is theirs;
-- - a rep takes over a prospect nobody owns (made by the command line, or left to nobody by an admin)
--   by setting themselves as its owner; from then on it is theirs;
-- - a rep never gives a prospect to someone else, nor to nobody;
-- - an admin changes, deletes and reassigns any prospect;
-- - the fallback `visitor`, whose words every unknown link shows, is changed by admins only;
-- - the command line (`rep_id` null) keeps every right.
-- The rule is written once (prospect_change_refusal) and checked by every function that writes a
-- prospect for a rep, in the transaction that writes, so no route of the server can get around it.
--
-- A deleted prospect's 'delete' audit entry also keeps the prospect as it was (its fields and owner),
-- so the reps can still read who deleted it, when, its last values and its history.

alter table public.prospect_audit add column last_values jsonb null;
comment on column public.prospect_audit.last_values is
  'On a ''delete'' entry: {"fields": the prospect''s fields, "owner_id"} as they were; null on the others and on deletions before it was kept.';

-- The reps' page of deleted prospects reads the deletions newest first.
create index prospect_audit_deleted on public.prospect_audit (at desc, id) where action = 'delete';
