-- A webhook's last deliveries, newest first, for its delivery log.
create or replace function public.list_webhook_deliveries(webhook_id uuid, max_rows integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', d.id, 'delivery_id', d.delivery_id, 'event', d.event,
      'slug', d.payload #>> '{prospect,slug}', 'created_at', d.created_at, 'attempts', d.attempts,
      'delivered_at', d.delivered_at, 'failed_at', d.failed_at, 'next_attempt_at',
      case when d.delivered_at is null and d.failed_at is null then d.next_attempt_at end,
      'last_status', d.last_status, 'last_error', d.last_error) order by d.id desc), '[]'::jsonb)
  from (
    select * from public.webhook_deliveries x where x.webhook_id = list_webhook_deliveries.webhook_id
    order by x.id desc limit least(greatest(list_webhook_deliveries.max_rows, 1), 200)
  ) d;
$$;

revoke all on function public.list_webhook_deliveries(uuid, integer) from public, anon, authenticated;

grant execute on function public.list_webhook_deliveries(uuid, integer) to service_role;
