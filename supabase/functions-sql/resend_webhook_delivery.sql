-- "Send again": a new delivery of a settled delivery's event (same event id and body, a new delivery
-- id, tries counted anew). Null: unknown, or still on its way.
create or replace function public.resend_webhook_delivery(webhook_id uuid, id bigint, at timestamptz)
returns bigint
language sql
volatile
set search_path = ''
as $$
  insert into public.webhook_deliveries (event_id, webhook_id, event, payload, occurred_at, created_at, next_attempt_at)
  select d.event_id, d.webhook_id, d.event, d.payload, d.occurred_at, resend_webhook_delivery.at,
    resend_webhook_delivery.at
  from public.webhook_deliveries d
  where d.id = resend_webhook_delivery.id and d.webhook_id = resend_webhook_delivery.webhook_id
    and (d.delivered_at is not null or d.failed_at is not null)
  returning id;
$$;

revoke all on function public.resend_webhook_delivery(uuid, bigint, timestamptz) from public, anon, authenticated;

grant execute on function public.resend_webhook_delivery(uuid, bigint, timestamptz) to service_role;
