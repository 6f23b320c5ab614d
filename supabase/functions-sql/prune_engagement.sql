-- The retention's pruning, the facts set aside included.
create or replace function public.prune_engagement(retention_days integer, max_rows integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_cutoff timestamptz;
  v_events integer;
  v_reports integer;
  v_notifications integer;
  v_aside integer;
begin
  if retention_days is null or retention_days not between 1 and 3650 then
    raise exception 'retention_days must be 1 to 3650' using errcode = '22023';
  end if;
  if max_rows is null or max_rows not between 1 and 100000 then
    raise exception 'max_rows must be 1 to 100000' using errcode = '22023';
  end if;
  v_cutoff := now() - make_interval(days => retention_days);

  delete from public.engagement_events d
  where d.id in (
    select o.id from public.engagement_events o
    where o.at < v_cutoff
    order by o.at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_events = row_count;

  delete from public.call_reports d
  where d.call_id in (
    select o.call_id from public.call_reports o
    where o.received_at < v_cutoff
    order by o.received_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_reports = row_count;

  -- A deleted batch's facts set aside to come back with it are kept no longer than the others.
  delete from public.deleted_engagement_events d
  where d.ctid in (
    select o.ctid from public.deleted_engagement_events o
    where o.at < v_cutoff
    order by o.at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_aside = row_count;
  v_events := v_events + v_aside;
  delete from public.deleted_call_reports d
  where d.ctid in (
    select o.ctid from public.deleted_call_reports o
    where o.received_at < v_cutoff
    order by o.received_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_aside = row_count;
  v_reports := v_reports + v_aside;

  delete from public.notification_outbox d
  where d.id in (
    select o.id from public.notification_outbox o
    where o.created_at < v_cutoff and (o.sent_at is not null or o.failed_at is not null)
    order by o.created_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_notifications = row_count;

  return jsonb_build_object('events', v_events, 'callReports', v_reports, 'notifications', v_notifications);
end;
$$;

comment on function public.prune_engagement(integer, integer) is
  'Deletes engagement events, call reports and settled nudges older than the retention, a bounded number per call; service_role only.';

revoke all on function public.prune_engagement(integer, integer) from public, anon, authenticated;

grant execute on function public.prune_engagement(integer, integer) to service_role;
