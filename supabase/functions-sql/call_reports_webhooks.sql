create or replace function public.call_reports_webhooks() returns trigger
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
    select jsonb_agg(jsonb_build_object('prospect_id', n.prospect_id,
        'at', coalesce(n.ended_at, n.received_at), 'event', 'talked',
        'details', jsonb_build_object('how', case n.source when 'phone' then 'phone call' else 'browser call' end,
          'seconds', n.seconds, 'summary', left(n.summary, 2000)))
      order by n.received_at)
    from new_rows n
  ), '[]'::jsonb), now());
  return null;
end;
$$;

revoke all on function public.call_reports_webhooks() from public, anon, authenticated;

create or replace trigger call_reports_webhooks after insert on public.call_reports
  referencing new table as new_rows for each statement execute function public.call_reports_webhooks();
