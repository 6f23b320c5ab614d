-- Turns a webhook on or off (null: unknown webhook). Turned off, what it had waiting is given up
-- with the reason, so turning it on again does not pour out old news.
create or replace function public.set_outgoing_webhook_enabled(id uuid, enabled boolean, at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.outgoing_webhooks;
begin
  update public.outgoing_webhooks w set enabled = set_outgoing_webhook_enabled.enabled,
    updated_at = set_outgoing_webhook_enabled.at
  where w.id = set_outgoing_webhook_enabled.id
  returning * into v_row;
  if v_row.id is null then
    return null;
  end if;
  if not v_row.enabled then
    update public.webhook_deliveries d
    set failed_at = set_outgoing_webhook_enabled.at, lease_until = null,
      last_error = 'Not sent: the webhook was turned off'
    where d.webhook_id = v_row.id and d.delivered_at is null and d.failed_at is null;
  end if;
  return public.outgoing_webhook_json(v_row);
end;
$$;

revoke all on function public.set_outgoing_webhook_enabled(uuid, boolean, timestamptz) from public, anon, authenticated;

grant execute on function public.set_outgoing_webhook_enabled(uuid, boolean, timestamptz) to service_role;
