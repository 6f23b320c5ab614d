-- Claims up to max_rows due messages for lease_seconds: no other drainer sends them meanwhile. A nudge's
-- mail comes as its `facts` for the server to word (enqueue_nudge), subject and text null.
create or replace function public.claim_mail(max_rows integer, lease_seconds integer, at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_claimed jsonb;
  v_next timestamptz;
begin
  if max_rows is null or max_rows not between 1 and 100 or lease_seconds is null or lease_seconds < 1 then
    raise exception 'max_rows must be 1 to 100 and lease_seconds positive' using errcode = '22023';
  end if;
  -- Now and then, forget messages settled a month ago: their links expired long before.
  if random() < 0.01 then
    delete from public.mail_outbox o
    where coalesce(o.sent_at, o.failed_at) < claim_mail.at - interval '30 days';
  end if;
  with due as (
    select o.id from public.mail_outbox o
    where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= claim_mail.at
      and (o.lease_until is null or o.lease_until <= claim_mail.at)
    order by o.next_attempt_at, o.id
    limit claim_mail.max_rows
    for update skip locked
  ), claimed as (
    update public.mail_outbox o
    set lease_until = claim_mail.at + make_interval(secs => claim_mail.lease_seconds)
    from due where o.id = due.id
    returning o.id, o.message_id, o.to_address, o.subject, o.text_body, o.facts, o.attempts, o.next_attempt_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'message_id', c.message_id, 'to', c.to_address,
      'subject', c.subject, 'text', c.text_body, 'facts', c.facts, 'attempts', c.attempts)
    order by c.next_attempt_at, c.id), '[]'::jsonb)
  into v_claimed from claimed c;
  select min(greatest(o.next_attempt_at, coalesce(o.lease_until, o.next_attempt_at))) into v_next
  from public.mail_outbox o where o.sent_at is null and o.failed_at is null;
  return jsonb_build_object('mails', v_claimed, 'next_at', v_next);
end;
$$;

revoke all on function public.claim_mail(integer, integer, timestamptz) from public, anon, authenticated;

grant execute on function public.claim_mail(integer, integer, timestamptz) to service_role;
