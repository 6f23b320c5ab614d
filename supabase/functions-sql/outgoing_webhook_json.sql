-- What the settings page lists: never the secret, only its last 4 characters.
create or replace function public.outgoing_webhook_json(w public.outgoing_webhooks)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', w.id, 'url', w.url, 'events', to_jsonb(w.events), 'enabled', w.enabled,
    'secret_last4', right(w.secret, 4), 'created_at', w.created_at, 'updated_at', w.updated_at);
$$;

revoke all on function public.outgoing_webhook_json(public.outgoing_webhooks) from public, anon, authenticated;

grant execute on function public.outgoing_webhook_json(public.outgoing_webhooks) to service_role;
