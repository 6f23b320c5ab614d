-- Stages from facts, not from what a page says.
--   * Facts the server writes itself, beside the events pages report: `phone_call_placed` (the
--     server placed a "Call Me" call), `video_call_placed` (it started a video call), `meeting_confirmed` (the scheduler's signed webhook says a
--     meeting was booked from the prospect's page) and `meeting_canceled` (the same meeting, cancelled
--     since: the confirmation's row becomes it, so the stage it reached is summed up again without it).
--     A page's `meeting_booked`, `phone_call_requested` and its own start and end of calls stay on the
--     Timeline as its word and move nothing (the server passes the stages each name reaches; a browser
--     call reaches "Tried the demo" by the voice platform's report of it); record_events no longer nudges for a
--     page's booking. Rows stored before keep their names, so such a prospect shows the stage its
--     facts reached.
--   * A call someone of the team made from the reps' pages to try a prospect's agent is kept apart,
--     in team_call_reports: on the Timeline as the team's, never in the prospect's stage, talk time or
--     nudges.

alter table public.engagement_events drop constraint engagement_events_name;
alter table public.engagement_events add constraint engagement_events_name check (name in (
  'page_opened', 'demo_call_started', 'demo_call_ended', 'phone_call_requested', 'phone_call_placed',
  'video_call_placed', 'video_call_started', 'video_call_ended', 'meeting_booked', 'meeting_confirmed', 'meeting_canceled'
));
-- One scheduler booking (its invitee's address) is one row, confirmed or cancelled.
create unique index engagement_events_meeting_once on public.engagement_events ((detail ->> 'invitee'))
  where name in ('meeting_confirmed', 'meeting_canceled');

-- The team's own tries of a prospect's agent, as the voice platform reported them.
create table public.team_call_reports (
  call_id text primary key constraint team_call_reports_call_id check (char_length(call_id) between 1 and 200),
  prospect_id uuid not null references public.prospects (id) on delete cascade,
  source text not null constraint team_call_reports_source check (source in ('browser', 'phone')),
  ended_at timestamptz null,
  seconds integer null constraint team_call_reports_seconds check (seconds between 0 and 86400),
  ended_reason text null constraint team_call_reports_ended_reason check (char_length(ended_reason) <= 200),
  summary text null constraint team_call_reports_summary check (char_length(summary) <= 8000),
  transcript jsonb not null default '[]'
    constraint team_call_reports_transcript_size check (octet_length(transcript::text) <= 200000),
  received_at timestamptz not null default now()
);
create index team_call_reports_prospect on public.team_call_reports (prospect_id, received_at desc);
alter table public.team_call_reports enable row level security;

revoke all on table public.team_call_reports from anon, authenticated;
grant select, insert, update, delete on table public.team_call_reports to service_role;
