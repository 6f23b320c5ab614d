-- The webhooks' trigger on new facts, silent while a batch's facts are put back.
create or replace function public.engagement_events_webhooks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Facts brought back with a deleted batch were sent when they happened.
  if current_setting('app.bringing_back', true) = 'on' then
    return null;
  end if;
  perform public.queue_webhook_deliveries(coalesce((
    select jsonb_agg(jsonb_build_object('prospect_id', n.prospect_id, 'at', n.at,
        'event', case
          when n.name = 'page_opened' then 'opened'
          when n.name in ('demo_call_started', 'video_call_started') then 'tried'
          when n.name = 'phone_call_requested' then 'asked_for_call'
          else 'booked' end,
        'details', case
          when n.name = 'demo_call_started' then jsonb_build_object('how', 'browser call')
          when n.name = 'video_call_started' then jsonb_build_object('how', 'video call')
          when n.name = 'meeting_confirmed' then n.detail || jsonb_build_object('where', 'scheduler')
          when n.name = 'meeting_booked' then n.detail || jsonb_build_object('where', 'demo page')
          else n.detail end)
      order by n.id)
    from new_rows n
    where n.name in ('page_opened', 'demo_call_started', 'video_call_started', 'phone_call_requested',
      'meeting_booked', 'meeting_confirmed')
  ), '[]'::jsonb), now());
  return null;
end;
$$;

revoke all on function public.engagement_events_webhooks() from public, anon, authenticated;

create or replace trigger engagement_events_webhooks after insert on public.engagement_events
  referencing new table as new_rows for each statement execute function public.engagement_events_webhooks();
