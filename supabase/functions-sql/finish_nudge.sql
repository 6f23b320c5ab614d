-- Records one delivery attempt of a claimed nudge and ends its lease. `ok`: it was delivered. Else it
-- is tried again after a backoff that doubles from 30 s up to an hour, and given up (`failed_at`) at
-- the 30th failed attempt, about a day after the first: long enough to outlast an outage of the chat,
-- short enough that a revoked webhook (Slack answers 404 or 410) stops being tried.
-- A nudge already sent or given up is left as it is. {"state": "sent" | "retry" | "failed" | "gone",
-- "next_attempt_at": when it is tried again, or null}.
create or replace function public.finish_nudge(id bigint, ok boolean, error text, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row public.notification_outbox;
begin
  update public.notification_outbox o
  set attempts = o.attempts + 1,
      lease_until = null,
      sent_at = case when finish_nudge.ok then finish_nudge.at end,
      last_error = case when finish_nudge.ok then o.last_error else left(finish_nudge.error, 500) end,
      next_attempt_at = case when finish_nudge.ok then o.next_attempt_at
        else finish_nudge.at + make_interval(secs => least(3600, 30 * power(2, least(o.attempts, 12)))) end,
      failed_at = case when not finish_nudge.ok and o.attempts + 1 >= 30 then finish_nudge.at end
  where o.id = finish_nudge.id and o.sent_at is null and o.failed_at is null
  returning * into v_row;
  if v_row.id is null then
    return jsonb_build_object('state', 'gone', 'next_attempt_at', null);
  end if;
  return jsonb_build_object(
    'state', case when v_row.sent_at is not null then 'sent' when v_row.failed_at is not null then 'failed' else 'retry' end,
    'next_attempt_at', case when v_row.sent_at is null and v_row.failed_at is null then v_row.next_attempt_at end
  );
end;
$$;

revoke all on function public.finish_nudge(bigint, boolean, text, timestamptz) from public, anon, authenticated;

grant execute on function public.finish_nudge(bigint, boolean, text, timestamptz) to service_role;
