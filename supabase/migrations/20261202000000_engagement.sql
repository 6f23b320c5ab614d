-- Engagement: what each prospect did with their page (events the browser reports), what happened on
-- their calls (the voice platform's end-of-call reports), and the nudges sent to the reps about it.
-- Plain PostgreSQL 15, on the embedded database and on hosted Supabase alike. Browsers never touch
-- any of it: RLS on with no policy, nothing granted to anon or authenticated; only service_role, and
-- the functions of the migrations that follow, read and write these tables.
-- Everything belongs to a prospect (on delete cascade): a deleted prospect's engagement goes with it.

-- One event the browser reported. `visit_id` is a random id per browser tab (no cookie); `address_key`
-- is the keyed hash of the sender's address (never the address), for limits and abuse reports only.
create table public.engagement_events (
  id bigint generated always as identity primary key,
  prospect_id uuid not null references public.prospects (id) on delete cascade,
  name text not null constraint engagement_events_name check (name in (
    'page_opened', 'demo_call_started', 'demo_call_ended', 'phone_call_requested',
    'video_call_started', 'video_call_ended', 'meeting_booked'
  )),
  visit_id text not null constraint engagement_events_visit check (visit_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  -- Small and known per name: origin and surface, seconds, outcome (validated by the server).
  detail jsonb not null default '{}' constraint engagement_events_detail_size check (octet_length(detail::text) <= 512),
  address_key text null constraint engagement_events_address_key check (address_key ~ '^[0-9a-f]{64}$'),
  at timestamptz not null default now()
);
create index engagement_events_prospect on public.engagement_events (prospect_id, at desc);
create index engagement_events_at on public.engagement_events (at);

-- The voice platform's end-of-call report, once per call (its id), linked to the prospect by the
-- metadata the call was started with. Kept as long as the events.
create table public.call_reports (
  call_id text primary key constraint call_reports_call_id check (char_length(call_id) between 1 and 200),
  prospect_id uuid not null references public.prospects (id) on delete cascade,
  visit_id text null constraint call_reports_visit check (visit_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  source text not null constraint call_reports_source check (source in ('browser', 'phone')),
  started_at timestamptz null,
  ended_at timestamptz null,
  seconds integer null constraint call_reports_seconds check (seconds between 0 and 86400),
  ended_reason text null constraint call_reports_ended_reason check (char_length(ended_reason) <= 200),
  summary text null constraint call_reports_summary check (char_length(summary) <= 8000),
  -- [{"speaker": "agent" | "prospect", "text": "..."}], oldest first; bounded by the server.
  transcript jsonb not null default '[]' constraint call_reports_transcript_size check (octet_length(transcript::text) <= 200000),
  received_at timestamptz not null default now()
);
create index call_reports_prospect on public.call_reports (prospect_id, received_at desc);
create index call_reports_received on public.call_reports (received_at);

-- Nudges to the reps' chat (a Slack-compatible incoming webhook), written in the same transaction as
-- what caused them and delivered by whichever server drains the outbox: a crash between the two loses
-- nothing. `dedupe_key` (prospect, kind and window) makes a second nudge of a kind within the window
-- a no-op. A row is claimed for `lease_until` before it is sent, so two drainers never send it twice.
create table public.notification_outbox (
  id bigint generated always as identity primary key,
  prospect_id uuid not null references public.prospects (id) on delete cascade,
  kind text not null constraint notification_outbox_kind check (kind in ('opened', 'talked', 'booked')),
  dedupe_key text not null constraint notification_outbox_dedupe_key unique,
  text text not null constraint notification_outbox_text check (char_length(text) between 1 and 1000),
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz null,
  sent_at timestamptz null,
  -- Set when it will not be tried again (too many failures); the last error stays for the operator.
  failed_at timestamptz null,
  last_error text null constraint notification_outbox_last_error check (char_length(last_error) <= 500)
);
create index notification_outbox_due on public.notification_outbox (next_attempt_at)
  where sent_at is null and failed_at is null;
create index notification_outbox_created on public.notification_outbox (created_at);

alter table public.engagement_events enable row level security;
alter table public.call_reports enable row level security;
alter table public.notification_outbox enable row level security;
revoke all on table public.engagement_events, public.call_reports, public.notification_outbox
  from anon, authenticated;
grant select, insert, update, delete on table public.engagement_events, public.call_reports,
  public.notification_outbox to service_role;

-- Queues one nudge about a prospect, unless one of the same kind was queued within the last
-- `dedupe_minutes` (sliding), in the caller's transaction, so the nudge exists exactly when what caused
-- it was stored. The unique key (prospect, kind, window) also stops two transactions racing past the
-- check. `seconds` is the talk time of a `talked` nudge. `link`: the rep's page of the prospect, or null.
-- Returns true when a nudge was queued.
create function public.enqueue_nudge(
  prospect_id uuid, kind text, seconds integer, dedupe_minutes integer, link text, at timestamptz
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_company text;
  v_what text;
  v_text text;
  v_window bigint;
  v_id bigint;
begin
  if dedupe_minutes is null or dedupe_minutes not between 1 and 10080 then
    raise exception 'dedupe_minutes must be 1 to 10080' using errcode = '22023';
  end if;
  if exists (
    select 1 from public.notification_outbox o
    where o.prospect_id = enqueue_nudge.prospect_id and o.kind = enqueue_nudge.kind
      and o.created_at > enqueue_nudge.at - make_interval(mins => dedupe_minutes)
  ) then
    return false;
  end if;
  select p.name, p.company_name into v_name, v_company from public.prospects p where p.id = enqueue_nudge.prospect_id;
  if not found then
    return false;
  end if;
  v_what := case kind
    when 'opened' then 'opened their demo page'
    when 'talked' then 'talked to their agent for ' || case
      when coalesce(seconds, 0) < 60 then 'under a minute'
      else (round(seconds / 60.0))::integer || ' min' end
    when 'booked' then 'booked a meeting'
  end;
  if v_what is null then
    raise exception 'unknown nudge kind %', kind using errcode = '22023';
  end if;
  v_text := v_name || ' (' || v_company || ') ' || v_what || coalesce(' <' || link || '|See their activity>', '');
  v_window := floor(extract(epoch from at) / (dedupe_minutes * 60));
  insert into public.notification_outbox (prospect_id, kind, dedupe_key, text, created_at, next_attempt_at)
  values (enqueue_nudge.prospect_id, kind, enqueue_nudge.prospect_id || ':' || kind || ':' || v_window, v_text, at, at)
  on conflict (dedupe_key) do nothing
  returning id into v_id;
  return v_id is not null;
end;
$$;
revoke all on function public.enqueue_nudge(uuid, text, integer, integer, text, timestamptz) from public, anon, authenticated;
grant execute on function public.enqueue_nudge(uuid, text, integer, integer, text, timestamptz) to service_role;
comment on function public.enqueue_nudge(uuid, text, integer, integer, text, timestamptz) is
  'Queues a nudge to the reps unless one of the kind was queued within the window; service_role only.';
