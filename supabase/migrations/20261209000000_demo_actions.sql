-- What the demo agent does for a prospect's business during a call: its tool calls (check a demo
-- calendar, book, move or cancel an appointment, take a message, hand over), each answered once.
--
-- demo_calls binds a voice platform call to the prospect and visit it was started for, at its first
-- tool call: a later tool call of that call naming another prospect or visit is refused. It also
-- counts the call's tool calls, so a call cannot make more than its share.
-- demo_actions keeps every answered tool call, once per tool call id: the platform may send one again,
-- and gets the first answer back with nothing stored twice. Those that did something (kind not null)
-- are what the prospect's page shows as they happen and what the rep's timeline lists.
-- demo_appointments is the demo calendar's bookings, per visit: one prospect's many demos do not fill
-- one calendar, and a time is booked once in a visit.

create table public.demo_calls (
  call_id text primary key,
  prospect_id uuid not null references public.prospects (id) on delete cascade,
  visit_id text,
  source text not null check (source in ('browser', 'phone')),
  tool_calls integer not null default 0,
  window_started_at timestamptz not null,
  window_calls integer not null default 0,
  created_at timestamptz not null
);
create index demo_calls_created_at on public.demo_calls (created_at);

create table public.demo_actions (
  id bigint generated always as identity primary key,
  call_id text not null references public.demo_calls (call_id) on delete cascade,
  tool_call_id text not null unique,
  tool text not null,
  -- null: the tool only answered (free times, a refusal); else what the page and the timeline show.
  kind text check (kind in ('booked', 'moved', 'cancelled', 'message', 'handed_over')),
  detail jsonb,
  result text not null,
  created_at timestamptz not null
);
create index demo_actions_call on public.demo_actions (call_id, id);

create table public.demo_appointments (
  -- The visit (or the call, for a call without one) whose calendar it is in.
  scope text not null,
  reference text not null,
  prospect_id uuid not null references public.prospects (id) on delete cascade,
  start text not null,
  minutes integer not null,
  name text not null,
  reason text,
  cancelled boolean not null default false,
  created_at timestamptz not null,
  primary key (scope, reference)
);
alter table public.demo_calls enable row level security;
alter table public.demo_actions enable row level security;
alter table public.demo_appointments enable row level security;

create unique index demo_appointments_one_per_time on public.demo_appointments (scope, start) where not cancelled;

revoke all on table public.demo_calls, public.demo_actions, public.demo_appointments from anon, authenticated;
grant select, insert, update, delete on table public.demo_calls, public.demo_actions, public.demo_appointments
  to service_role;
revoke all on sequence public.demo_actions_id_seq from anon, authenticated;
