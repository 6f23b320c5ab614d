-- The team: admins manage reps in the browser (the team page under /_/), as an operator does with
-- `npm run reps`, and every change to an account is kept.
--
-- Both ways call the same functions, so both follow the same rules and write the same trail:
--   * rep_audit keeps every change to an account (invited, a new link sent, a password reset, disabled,
--     enabled, role changed; and the rep setting their password), who made it (null: the command line)
--     and when, written in the transaction of the change itself.
--   * reps.last_signed_in_at is set by every sign-in and every password set with a link.
--   * There is always an enabled admin: the last one can be neither disabled nor made a rep, so the
--     team page can never lock everybody out of it. Every change that could take an admin away takes
--     one lock first, so two made at once queue and the second sees what the first did.
--   * An admin on the page (`actor_id` given) must still be an enabled admin when the change runs, and
--     can neither disable nor demote themselves, nor reset their own password (which would sign them
--     out of the page they are using): another admin, or the command line, can.
--   * A new link (resend or reset) ends the rep's earlier links and sessions and clears the password:
--     a reset is for a password that is forgotten or may be known to someone else, so the old one must
--     stop working at once, not when the new one is set.
-- The email-keyed functions of the command line (add_rep, reset_rep_password, set_rep_disabled) keep
-- their arguments and answers and now go through the team's functions.

alter table public.reps add column last_signed_in_at timestamptz null;
comment on column public.reps.last_signed_in_at is 'The rep''s latest sign-in or password set with a link.';

-- Reps who signed in before this column: their latest session started at their latest sign-in.
update public.reps r set last_signed_in_at = s.latest
from (select s.rep_id, max(s.created_at) as latest from public.rep_sessions s group by s.rep_id) s
where s.rep_id = r.id;

-- Every change to a rep's account. The id orders changes made in one transaction (a role and a
-- disable at once), which share their `at`.
create table public.rep_audit (
  id bigint generated always as identity primary key,
  rep_id uuid not null references public.reps (id) on delete cascade,
  -- Who made the change: an admin, the rep themselves (password_set), or null for the command line.
  actor_id uuid null references public.reps (id) on delete set null,
  action text not null constraint rep_audit_action check (
    action in ('invited', 'link_resent', 'password_reset', 'password_set', 'disabled', 'enabled', 'role_changed')
  ),
  at timestamptz not null,
  -- invited: the role given; role_changed: the new role; else null.
  role text null constraint rep_audit_role check (role in ('admin', 'rep')),
  -- The sessions the change ended (disabled, password_reset); 0 otherwise.
  ended_sessions integer not null default 0
);
create index rep_audit_rep on public.rep_audit (rep_id, at desc, id desc);
comment on table public.rep_audit is 'Every change to a rep''s account: what, to whom, by whom (null: the command line), when.';

alter table public.rep_audit enable row level security;
revoke all on table public.rep_audit from anon, authenticated;
grant select, insert, update, delete on table public.rep_audit to service_role;
