-- Nudges by email without a team chat. A team with mail but no chat webhook still nudges the reps who
-- chose email: the servers record at start whether a chat is set (set_nudge_channels), and without one
-- the chat's row is written settled, as the dedupe window's record only, so no chat set later is
-- flooded with old news. Nothing else of enqueue_nudge changes.
create table public.nudge_channels (
  id boolean primary key default true constraint nudge_channels_one check (id),
  chat boolean not null
);
alter table public.nudge_channels enable row level security;
revoke all on table public.nudge_channels from anon, authenticated;
grant select, insert, update on table public.nudge_channels to service_role;
