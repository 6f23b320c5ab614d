-- What the scheduler's signed webhook says of one booking (`invitee`: its invitee's address):
--   booked (`canceled` false): stored once as `meeting_confirmed` for the prospect the page that
--     booked named, with its nudge (`dedupe_minutes` not null) in the same transaction;
--   cancelled: that row becomes `meeting_canceled`, `canceledAt` added, and the prospect's stage is
--     summed up again without it (the update trigger). A cancellation of a booking never stored
--     (made before this server knew it, or for no prospect of ours) changes nothing.
-- {"status": "recorded" | "duplicate" | "canceled" | "unknown_booking" | "unknown_prospect", "nudged": bool}.
create or replace function public.record_scheduler_booking(
  invitee text, prospect_slug text, visit_id text, detail jsonb, canceled boolean, dedupe_minutes integer,
  link text, at timestamptz
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_prospect uuid;
  v_id bigint;
  v_nudged boolean := false;
begin
  if record_scheduler_booking.canceled then
    update public.engagement_events e
    set name = 'meeting_canceled',
      detail = e.detail || jsonb_build_object('canceledAt', record_scheduler_booking.at)
    where e.name = 'meeting_confirmed' and e.detail ->> 'invitee' = record_scheduler_booking.invitee
    returning e.id into v_id;
    return jsonb_build_object('status', case when v_id is null then 'unknown_booking' else 'canceled' end,
      'nudged', false);
  end if;
  select p.id into v_prospect from public.prospects p
  where p.slug = record_scheduler_booking.prospect_slug and p.slug <> 'visitor';
  if v_prospect is null then
    return jsonb_build_object('status', 'unknown_prospect', 'nudged', false);
  end if;
  insert into public.engagement_events (prospect_id, name, visit_id, detail, at)
  values (v_prospect, 'meeting_confirmed', record_scheduler_booking.visit_id,
    coalesce(record_scheduler_booking.detail, '{}') || jsonb_build_object('invitee', record_scheduler_booking.invitee),
    record_scheduler_booking.at)
  on conflict do nothing
  returning id into v_id;
  if v_id is null then
    return jsonb_build_object('status', 'duplicate', 'nudged', false);
  end if;
  if record_scheduler_booking.dedupe_minutes is not null then
    v_nudged := public.enqueue_nudge(v_prospect, 'booked', null, record_scheduler_booking.dedupe_minutes,
      record_scheduler_booking.link, record_scheduler_booking.at);
  end if;
  return jsonb_build_object('status', 'recorded', 'nudged', v_nudged);
end;
$$;

revoke all on function public.record_scheduler_booking(text, text, text, jsonb, boolean, integer, text, timestamptz)
  from public, anon, authenticated;

grant execute on function public.record_scheduler_booking(text, text, text, jsonb, boolean, integer, text, timestamptz)
  to service_role;
