-- Claims up to max_rows due deliveries for lease_seconds, at most per_webhook of each webhook, so one
-- receiver with a long queue leaves room for the others in every batch.
create or replace function public.claim_webhook_deliveries(max_rows integer, per_webhook integer, lease_seconds integer,
  at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_claimed jsonb;
  v_next timestamptz;
begin
  if max_rows is null or max_rows not between 1 and 100 or per_webhook is null or per_webhook < 1
    or lease_seconds is null or lease_seconds < 1 then
    raise exception 'max_rows must be 1 to 100, per_webhook and lease_seconds positive' using errcode = '22023';
  end if;
  -- Now and then, forget deliveries settled a month ago.
  if random() < 0.01 then
    delete from public.webhook_deliveries d
    where coalesce(d.delivered_at, d.failed_at) < claim_webhook_deliveries.at - interval '30 days';
  end if;
  with due as (
    select d.id from public.webhook_deliveries d
    where d.delivered_at is null and d.failed_at is null and d.next_attempt_at <= claim_webhook_deliveries.at
      and (d.lease_until is null or d.lease_until <= claim_webhook_deliveries.at)
      and d.id in (
        select r.id from (
          select x.id, row_number() over (partition by x.webhook_id order by x.next_attempt_at, x.id) as n
          from public.webhook_deliveries x
          where x.delivered_at is null and x.failed_at is null and x.next_attempt_at <= claim_webhook_deliveries.at
            and (x.lease_until is null or x.lease_until <= claim_webhook_deliveries.at)
        ) r where r.n <= claim_webhook_deliveries.per_webhook
      )
    order by d.next_attempt_at, d.id
    limit claim_webhook_deliveries.max_rows
    for update skip locked
  ), claimed as (
    update public.webhook_deliveries d
    set lease_until = claim_webhook_deliveries.at + make_interval(secs => claim_webhook_deliveries.lease_seconds)
    from due where d.id = due.id
    returning d.*
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'delivery_id', c.delivery_id, 'event_id', c.event_id,
      'webhook_id', c.webhook_id, 'url', w.url, 'secret', w.secret, 'event', c.event, 'payload', c.payload,
      'occurred_at', c.occurred_at, 'attempts', c.attempts)
    order by c.next_attempt_at, c.id), '[]'::jsonb)
  into v_claimed
  from claimed c join public.outgoing_webhooks w on w.id = c.webhook_id;
  select min(greatest(d.next_attempt_at, coalesce(d.lease_until, d.next_attempt_at))) into v_next
  from public.webhook_deliveries d where d.delivered_at is null and d.failed_at is null;
  return jsonb_build_object('deliveries', v_claimed, 'next_at', v_next);
end;
$$;

revoke all on function public.claim_webhook_deliveries(integer, integer, integer, timestamptz)
  from public, anon, authenticated;

grant execute on function public.claim_webhook_deliveries(integer, integer, integer, timestamptz) to service_role;
