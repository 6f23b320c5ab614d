-- Records one attempt and ends the lease. outcome: 'sent'; 'retry' (a 4xx, a timeout, no server),
-- tried again after 30 s, doubling to an hour, given up after the 30th attempt (about a day);
-- 'refused' (a 5xx), failed at once. Sent or failed, the text (with its link) is emptied.
create or replace function public.finish_mail(id bigint, outcome text, error text, at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.mail_outbox;
  v_failed boolean;
begin
  if outcome is null or outcome not in ('sent', 'retry', 'refused') then
    raise exception 'outcome must be sent, retry or refused' using errcode = '22023';
  end if;
  select * into v_row from public.mail_outbox o
  where o.id = finish_mail.id and o.sent_at is null and o.failed_at is null for update;
  if v_row.id is null then
    return jsonb_build_object('state', 'gone');
  end if;
  v_failed := outcome = 'refused' or (outcome = 'retry' and v_row.attempts + 1 >= 30);
  update public.mail_outbox o
  set attempts = o.attempts + 1,
      lease_until = null,
      sent_at = case when outcome = 'sent' then finish_mail.at end,
      failed_at = case when v_failed then finish_mail.at end,
      last_error = case when outcome = 'sent' then o.last_error else left(finish_mail.error, 500) end,
      next_attempt_at = case when outcome = 'retry' and not v_failed
        then finish_mail.at + make_interval(secs => least(3600, 30 * power(2, least(o.attempts, 12))))
        else o.next_attempt_at end,
      text_body = case when outcome = 'sent' or v_failed then '' else o.text_body end
  where o.id = v_row.id;
  return jsonb_build_object('state', case when outcome = 'sent' then 'sent' when v_failed then 'failed' else 'retry' end);
end;
$$;

revoke all on function public.finish_mail(bigint, text, text, timestamptz) from public, anon, authenticated;

grant execute on function public.finish_mail(bigint, text, text, timestamptz) to service_role;
