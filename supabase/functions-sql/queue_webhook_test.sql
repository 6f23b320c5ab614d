-- "Send a test": one delivery of the test event, whatever events the webhook wants. Null: unknown webhook.
create or replace function public.queue_webhook_test(webhook_id uuid, at timestamptz)
returns bigint
language sql
volatile
set search_path = ''
as $$
  insert into public.webhook_deliveries (event_id, webhook_id, event, payload, occurred_at, created_at, next_attempt_at)
  select gen_random_uuid(), w.id, 'test',
    jsonb_build_object('prospect', null, 'details', jsonb_build_object('message', 'A test from the settings page')),
    queue_webhook_test.at, queue_webhook_test.at, queue_webhook_test.at
  from public.outgoing_webhooks w where w.id = queue_webhook_test.webhook_id
  returning id;
$$;

revoke all on function public.queue_webhook_test(uuid, timestamptz) from public, anon, authenticated;

grant execute on function public.queue_webhook_test(uuid, timestamptz) to service_role;
