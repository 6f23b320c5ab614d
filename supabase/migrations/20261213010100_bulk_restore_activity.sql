-- A bulk-deleted batch brought back whole: with what its prospects did.
--
-- Deleting a prospect deletes what it did with it (its events, its calls' reports, its calls with the
-- team: the tables refer to the prospect, on delete cascade), and bringing a batch back restored only
-- the prospects' rows, so they returned with no visits, no activity and a fresh "sent" time: the
-- Activity list and the funnel counted them as never opened. A batch can be brought back (Undo, or the
-- deleted prospects' page), so a bulk delete now sets their facts aside under the batch's id, and
-- bringing the batch back puts them back, with the time each prospect was made. The totals, visits and
-- stage times are derived from the facts by triggers, so they come back with them. Facts of a prospect
-- left deleted (its slug taken meanwhile) stay aside with the batch, as its audit entry stays.
create table public.deleted_engagement_events (batch_id uuid not null, like public.engagement_events);
create table public.deleted_call_reports (batch_id uuid not null, like public.call_reports);
create table public.deleted_team_call_reports (batch_id uuid not null, like public.team_call_reports);
create index deleted_engagement_events_batch on public.deleted_engagement_events (batch_id, prospect_id);
create index deleted_call_reports_batch on public.deleted_call_reports (batch_id, prospect_id);
create index deleted_team_call_reports_batch on public.deleted_team_call_reports (batch_id, prospect_id);
create index deleted_engagement_events_at on public.deleted_engagement_events (at);
create index deleted_call_reports_received on public.deleted_call_reports (received_at);
comment on table public.deleted_engagement_events is
  'The events of bulk-deleted prospects, by batch, until the batch is brought back; service_role only.';
comment on table public.deleted_call_reports is
  'The call reports of bulk-deleted prospects, by batch, until the batch is brought back; service_role only.';
comment on table public.deleted_team_call_reports is
  'The team''s call reports of bulk-deleted prospects, by batch, until the batch is brought back; service_role only.';
alter table public.deleted_engagement_events enable row level security;
alter table public.deleted_call_reports enable row level security;
alter table public.deleted_team_call_reports enable row level security;
revoke all on table public.deleted_engagement_events from public, anon, authenticated;
revoke all on table public.deleted_call_reports from public, anon, authenticated;
revoke all on table public.deleted_team_call_reports from public, anon, authenticated;
grant select, insert, update, delete on table public.deleted_engagement_events to service_role;
grant select, insert, update, delete on table public.deleted_call_reports to service_role;
grant select, insert, update, delete on table public.deleted_team_call_reports to service_role;
