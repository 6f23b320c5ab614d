create or replace function public.create_outgoing_webhook(url text, events text[], secret text, rep_id uuid, at timestamptz)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  insert into public.outgoing_webhooks (url, events, secret, created_by, created_at, updated_at)
  values (create_outgoing_webhook.url, create_outgoing_webhook.events, create_outgoing_webhook.secret,
    create_outgoing_webhook.rep_id, create_outgoing_webhook.at, create_outgoing_webhook.at)
  returning public.outgoing_webhook_json(outgoing_webhooks);
$$;

revoke all on function public.create_outgoing_webhook(text, text[], text, uuid, timestamptz)
  from public, anon, authenticated;

grant execute on function public.create_outgoing_webhook(text, text[], text, uuid, timestamptz) to service_role;
