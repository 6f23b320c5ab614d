-- Claims up to `max_rows` due nudges (unsent, not given up, due by `at`, not leased by a live claim)
-- for `lease_seconds`: until then no other drainer claims them, so two drainers never send one
-- twice; a drainer that dies mid-send leaves the lease to expire, and the nudge is sent again after it.
-- `skip locked`: drainers claiming at once take different rows instead of waiting for each other.
-- {"nudges": [{"id", "text", "facts", "attempts"}], "next_at": the earliest time another one may be due,
-- or null}: `facts` for the server to word (enqueue_nudge), or the `text` a nudge was queued with before.
create or replace function public.claim_nudges(max_rows integer, lease_seconds integer, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_claimed jsonb;
  v_next timestamptz;
begin
  if max_rows is null or max_rows not between 1 and 100 or lease_seconds is null or lease_seconds < 1 then
    raise exception 'max_rows must be 1 to 100 and lease_seconds positive' using errcode = '22023';
  end if;
  with due as (
    select o.id from public.notification_outbox o
    where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= claim_nudges.at
      and (o.lease_until is null or o.lease_until <= claim_nudges.at)
    order by o.next_attempt_at, o.id
    limit claim_nudges.max_rows
    for update skip locked
  ), claimed as (
    update public.notification_outbox o
    set lease_until = claim_nudges.at + make_interval(secs => claim_nudges.lease_seconds)
    from due where o.id = due.id
    returning o.id, o.text, o.facts, o.attempts, o.next_attempt_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'text', c.text, 'facts', c.facts, 'attempts', c.attempts)
    order by c.next_attempt_at, c.id), '[]'::jsonb)
  into v_claimed from claimed c;
  select min(greatest(o.next_attempt_at, coalesce(o.lease_until, o.next_attempt_at))) into v_next
  from public.notification_outbox o where o.sent_at is null and o.failed_at is null;
  return jsonb_build_object('nudges', v_claimed, 'next_at', v_next);
end;
$$;

revoke all on function public.claim_nudges(integer, integer, timestamptz) from public, anon, authenticated;

grant execute on function public.claim_nudges(integer, integer, timestamptz) to service_role;
