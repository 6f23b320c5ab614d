-- The first admin's account has a history like everyone else's.
--
-- The setup link makes the first admin and signs them in, but wrote neither: the Team page said "Last
-- sign-in: Never" of the one person who had signed in, and showed them an empty history. Setting up now
-- counts as their sign-in (`last_signed_in_at`, as a password set with a link does) and is the first
-- line of their history (`set_up`, by themselves, as an admin). An admin set up before this has no such
-- line: nothing recorded says which account the setup made, and their next sign-in shows as usual.
alter table public.rep_audit drop constraint rep_audit_action;
alter table public.rep_audit add constraint rep_audit_action check (
  action in ('invited', 'set_up', 'link_resent', 'password_reset', 'password_set', 'disabled', 'enabled', 'role_changed')
);
