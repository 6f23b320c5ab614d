-- Records one try and ends the lease. outcome: 'delivered' (a 2xx); 'retry' (any other answer, a
-- timeout, no answer), tried again after 30 s, doubling to an hour, given up after the 10th try
-- (about three hours); 'refused' (an address the server may not reach), given up at once.
create or replace function public.finish_webhook_delivery(id bigint, outcome text, status integer, error text, at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.webhook_deliveries;
  v_failed boolean;
begin
  if outcome is null or outcome not in ('delivered', 'retry', 'refused') then
    raise exception 'outcome must be delivered, retry or refused' using errcode = '22023';
  end if;
  select * into v_row from public.webhook_deliveries d
  where d.id = finish_webhook_delivery.id and d.delivered_at is null and d.failed_at is null for update;
  if v_row.id is null then
    return jsonb_build_object('state', 'gone', 'attempts', null);
  end if;
  v_failed := outcome = 'refused' or (outcome = 'retry' and v_row.attempts + 1 >= 10);
  update public.webhook_deliveries d
  set attempts = d.attempts + 1,
      lease_until = null,
      delivered_at = case when outcome = 'delivered' then finish_webhook_delivery.at end,
      failed_at = case when v_failed then finish_webhook_delivery.at end,
      last_status = finish_webhook_delivery.status,
      last_error = case when outcome = 'delivered' then null else left(finish_webhook_delivery.error, 500) end,
      next_attempt_at = case when outcome = 'retry' and not v_failed
        then finish_webhook_delivery.at + make_interval(secs => least(3600, 30 * power(2, least(d.attempts, 12))))
        else d.next_attempt_at end
  where d.id = v_row.id;
  return jsonb_build_object('state', case when outcome = 'delivered' then 'delivered' when v_failed then 'failed'
    else 'retry' end, 'attempts', v_row.attempts + 1);
end;
$$;

revoke all on function public.finish_webhook_delivery(bigint, text, integer, text, timestamptz)
  from public, anon, authenticated;

grant execute on function public.finish_webhook_delivery(bigint, text, integer, text, timestamptz) to service_role;
