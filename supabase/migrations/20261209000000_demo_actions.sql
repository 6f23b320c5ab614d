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

-- Starts one tool call: its answer if it was answered before; else the call bound to its prospect and
-- visit (refused for another), counted against the limits, with what the tools need: the prospect's
-- details and the visit's appointments.
create or replace function public.begin_demo_tool_call(
  call_id text, slug text, visit_id text, source text, tool_call_id text, at timestamptz,
  max_per_call integer, max_per_window integer, window_seconds integer
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_done record;
  v_prospect public.prospects;
  v_call public.demo_calls;
  v_scope text := coalesce(begin_demo_tool_call.visit_id, 'call:' || begin_demo_tool_call.call_id);
begin
  select a.result, a.kind, a.detail into v_done
  from public.demo_actions a where a.tool_call_id = begin_demo_tool_call.tool_call_id;
  if found then
    return jsonb_build_object('status', 'answered', 'result', v_done.result);
  end if;
  select * into v_prospect from public.prospects p where p.slug = begin_demo_tool_call.slug;
  if not found then
    return jsonb_build_object('status', 'unknown_prospect');
  end if;
  insert into public.demo_calls as d (call_id, prospect_id, visit_id, source, window_started_at, created_at)
  values (begin_demo_tool_call.call_id, v_prospect.id, begin_demo_tool_call.visit_id,
          begin_demo_tool_call.source, begin_demo_tool_call.at, begin_demo_tool_call.at)
  on conflict on constraint demo_calls_pkey do nothing;
  select * into v_call from public.demo_calls d where d.call_id = begin_demo_tool_call.call_id for update;
  if v_call.prospect_id <> v_prospect.id or v_call.visit_id is distinct from begin_demo_tool_call.visit_id then
    return jsonb_build_object('status', 'other_prospect');
  end if;
  if v_call.tool_calls >= begin_demo_tool_call.max_per_call then
    return jsonb_build_object('status', 'limited');
  end if;
  if begin_demo_tool_call.at >= v_call.window_started_at + make_interval(secs => begin_demo_tool_call.window_seconds) then
    update public.demo_calls d set window_started_at = begin_demo_tool_call.at, window_calls = 0
    where d.call_id = begin_demo_tool_call.call_id;
    v_call.window_calls := 0;
  end if;
  if v_call.window_calls >= begin_demo_tool_call.max_per_window then
    return jsonb_build_object('status', 'limited');
  end if;
  update public.demo_calls d set tool_calls = d.tool_calls + 1, window_calls = d.window_calls + 1
  where d.call_id = begin_demo_tool_call.call_id;
  return jsonb_build_object(
    'status', 'ok',
    'scope', v_scope,
    'prospect', jsonb_build_object(
      'slug', v_prospect.slug, 'name', v_prospect.name, 'company_name', v_prospect.company_name,
      'template', v_prospect.template, 'opening_hours', v_prospect.opening_hours
    ),
    'appointments', coalesce((
      select jsonb_agg(jsonb_build_object(
        'reference', a.reference, 'start', a.start, 'minutes', a.minutes, 'name', a.name, 'reason', a.reason
      ) order by a.start)
      from public.demo_appointments a where a.scope = v_scope and not a.cancelled
    ), '[]'::jsonb)
  );
end;
$$;

-- Keeps one answered tool call and what it did to the calendar (`change`: `{ op: book | move |
-- cancel, appointment }`), all or nothing. Answers `recorded` with the action's id; `answered` with
-- the first answer when the tool call was answered meanwhile; `taken` when the time was booked
-- meanwhile in the same visit (nothing kept, so the agent can offer another).
create or replace function public.record_demo_action(
  call_id text, scope text, tool_call_id text, tool text, kind text, detail jsonb, result text,
  change jsonb, at timestamptz
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id bigint;
  v_prospect uuid;
  v_appointment jsonb := record_demo_action.change -> 'appointment';
begin
  select d.prospect_id into v_prospect from public.demo_calls d where d.call_id = record_demo_action.call_id;
  begin
    if record_demo_action.change ->> 'op' = 'book' then
      insert into public.demo_appointments (scope, reference, prospect_id, start, minutes, name, reason, created_at)
      values (record_demo_action.scope, v_appointment ->> 'reference', v_prospect, v_appointment ->> 'start',
              (v_appointment ->> 'minutes')::integer, v_appointment ->> 'name', v_appointment ->> 'reason',
              record_demo_action.at);
    elsif record_demo_action.change ->> 'op' = 'move' then
      update public.demo_appointments a set start = v_appointment ->> 'start'
      where a.scope = record_demo_action.scope and a.reference = v_appointment ->> 'reference';
    elsif record_demo_action.change ->> 'op' = 'cancel' then
      update public.demo_appointments a set cancelled = true
      where a.scope = record_demo_action.scope and a.reference = v_appointment ->> 'reference';
    end if;
    insert into public.demo_actions (call_id, tool_call_id, tool, kind, detail, result, created_at)
    values (record_demo_action.call_id, record_demo_action.tool_call_id, record_demo_action.tool,
            record_demo_action.kind, record_demo_action.detail, record_demo_action.result, record_demo_action.at)
    returning id into v_id;
  exception when unique_violation then
    if exists (select 1 from public.demo_actions a where a.tool_call_id = record_demo_action.tool_call_id) then
      return jsonb_build_object('status', 'answered', 'result', (
        select a.result from public.demo_actions a where a.tool_call_id = record_demo_action.tool_call_id
      ));
    end if;
    return jsonb_build_object('status', 'taken');
  end;
  return jsonb_build_object('status', 'recorded', 'id', v_id);
end;
$$;

-- What the agent did in a call, for the page that started it: only when the call was placed for that
-- prospect and visit, and only the actions after `after_id`, oldest first.
create or replace function public.list_demo_actions(call_id text, slug text, visit_id text, after_id bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', a.id, 'kind', a.kind, 'detail', a.detail, 'at', a.created_at
  ) order by a.id), '[]'::jsonb)
  from public.demo_actions a
  join public.demo_calls d on d.call_id = a.call_id
  join public.prospects p on p.id = d.prospect_id
  where a.call_id = list_demo_actions.call_id and p.slug = list_demo_actions.slug
    and d.visit_id is not distinct from list_demo_actions.visit_id
    and a.kind is not null and a.id > list_demo_actions.after_id
$$;

-- Demo calls are kept as long as the call records (CALL_RECORD_RETENTION_DAYS).
create or replace function public.prune_demo_calls(before timestamptz)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from public.demo_appointments a where a.created_at < prune_demo_calls.before;
  delete from public.demo_calls d where d.created_at < prune_demo_calls.before;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- The rep's timeline lists what the agent did, beside the events and the call reports.
create or replace function public.get_prospect_timeline(slug text, at timestamptz, rules jsonb, max_entries integer)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_summary record;
  v_entries jsonb;
begin
  select p.id into v_id from public.prospects p where p.slug = get_prospect_timeline.slug;
  if v_id is null then
    return null;
  end if;
  select s.stage, s.hot into v_summary
  from public.engagement_summaries(v_id, get_prospect_timeline.at, get_prospect_timeline.rules) s;
  select coalesce(jsonb_agg(t.entry order by t.at desc, t.tie desc), '[]'::jsonb) into v_entries
  from (
    select * from (
      select e.at, e.id as tie, jsonb_build_object(
        'kind', 'event', 'at', e.at, 'name', e.name, 'visit', e.visit_id, 'detail', e.detail
      ) as entry
      from public.engagement_events e where e.prospect_id = v_id
      union all
      -- A report is the summing-up of its call: on a tie it comes above the call's own events.
      select coalesce(r.ended_at, r.received_at), 9223372036854775807, jsonb_build_object(
        'kind', 'call_report', 'at', coalesce(r.ended_at, r.received_at), 'source', r.source,
        'seconds', r.seconds, 'ended_reason', r.ended_reason, 'summary', r.summary,
        'transcript', r.transcript
      )
      from public.call_reports r where r.prospect_id = v_id
      union all
      select a.created_at, a.id, jsonb_build_object(
        'kind', 'demo_action', 'at', a.created_at, 'source', d.source, 'id', a.id,
        'action_kind', a.kind, 'detail', a.detail
      )
      from public.demo_actions a join public.demo_calls d on d.call_id = a.call_id
      where d.prospect_id = v_id and a.kind is not null
    ) u
    order by u.at desc, u.tie desc
    limit greatest(1, least(coalesce(get_prospect_timeline.max_entries, 200), 1000))
  ) t;
  return jsonb_build_object(
    'slug', get_prospect_timeline.slug,
    'stage', coalesce(v_summary.stage, get_prospect_timeline.rules -> 'stages' ->> 0),
    'hot', coalesce(v_summary.hot, false),
    'entries', v_entries
  );
end;
$$;

revoke all on table public.demo_calls, public.demo_actions, public.demo_appointments from anon, authenticated;
grant select, insert, update, delete on table public.demo_calls, public.demo_actions, public.demo_appointments
  to service_role;
revoke all on function public.begin_demo_tool_call(text, text, text, text, text, timestamptz, integer, integer, integer)
  from public, anon, authenticated;
revoke all on function public.record_demo_action(text, text, text, text, text, jsonb, text, jsonb, timestamptz)
  from public, anon, authenticated;
revoke all on function public.list_demo_actions(text, text, text, bigint) from public, anon, authenticated;
revoke all on function public.prune_demo_calls(timestamptz) from public, anon, authenticated;
grant execute on function public.begin_demo_tool_call(text, text, text, text, text, timestamptz, integer, integer, integer)
  to service_role;
grant execute on function public.record_demo_action(text, text, text, text, text, jsonb, text, jsonb, timestamptz)
  to service_role;
grant execute on function public.list_demo_actions(text, text, text, bigint) to service_role;
grant execute on function public.prune_demo_calls(timestamptz) to service_role;
revoke all on sequence public.demo_actions_id_seq from anon, authenticated;
