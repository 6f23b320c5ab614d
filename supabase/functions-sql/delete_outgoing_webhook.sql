create or replace function public.delete_outgoing_webhook(id uuid)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with gone as (delete from public.outgoing_webhooks w where w.id = delete_outgoing_webhook.id returning 1)
  select exists (select 1 from gone);
$$;

revoke all on function public.delete_outgoing_webhook(uuid) from public, anon, authenticated;

grant execute on function public.delete_outgoing_webhook(uuid) to service_role;
