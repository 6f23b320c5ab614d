-- Queues one message; answers its id.
create or replace function public.enqueue_mail(
  message_id text, kind text, rep_id uuid, to_address text, subject text, text_body text, at timestamptz
)
returns bigint
language sql
set search_path = ''
as $$
  insert into public.mail_outbox (message_id, kind, rep_id, to_address, subject, text_body, created_at, next_attempt_at)
  values (enqueue_mail.message_id, enqueue_mail.kind, enqueue_mail.rep_id, enqueue_mail.to_address,
    enqueue_mail.subject, enqueue_mail.text_body, enqueue_mail.at, enqueue_mail.at)
  returning id;
$$;

revoke all on function public.enqueue_mail(text, text, uuid, text, text, text, timestamptz)
  from public, anon, authenticated;

grant execute on function public.enqueue_mail(text, text, uuid, text, text, text, timestamptz) to service_role;
