-- Queues one delivery per enabled webhook that wants each fact. `facts`: a JSON array of
-- { prospect_id, event, details, at }. Answers how many deliveries were queued.
create or replace function public.queue_webhook_deliveries(facts jsonb, at timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- Most products have no webhook: one cheap look, and the facts' writes pay nothing more.
  if not exists (select 1 from public.outgoing_webhooks w where w.enabled) then
    return 0;
  end if;
  insert into public.webhook_deliveries (event_id, webhook_id, event, payload, occurred_at, created_at, next_attempt_at)
  select gen_random_uuid(), w.id, f.val ->> 'event',
    jsonb_build_object(
      'prospect', jsonb_build_object('slug', p.slug, 'company', p.company_name, 'contact_name', p.name,
        'owner_name', coalesce(r.display_name, r.email)),
      'details', coalesce(f.val -> 'details', '{}'::jsonb)),
    coalesce((f.val ->> 'at')::timestamptz, queue_webhook_deliveries.at),
    coalesce((f.val ->> 'at')::timestamptz, queue_webhook_deliveries.at),
    coalesce((f.val ->> 'at')::timestamptz, queue_webhook_deliveries.at)
  from jsonb_array_elements(facts) with ordinality as f(val, i)
    join public.prospects p on p.id = (f.val ->> 'prospect_id')::uuid
    left join public.reps r on r.id = p.owner_id
    join public.outgoing_webhooks w on w.enabled and (f.val ->> 'event') = any (w.events)
  -- The general demo's visitors are no prospect anyone follows.
  where p.slug <> 'visitor'
  order by f.i, w.created_at;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on function public.queue_webhook_deliveries(jsonb, timestamptz) from public, anon, authenticated;

grant execute on function public.queue_webhook_deliveries(jsonb, timestamptz) to service_role;
