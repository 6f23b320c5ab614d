create or replace function public.list_outgoing_webhooks()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(public.outgoing_webhook_json(w) order by w.created_at, w.id), '[]'::jsonb)
  from public.outgoing_webhooks w;
$$;

revoke all on function public.list_outgoing_webhooks() from public, anon, authenticated;

grant execute on function public.list_outgoing_webhooks() to service_role;
