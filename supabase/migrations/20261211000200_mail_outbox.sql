-- Mail that leaves the product: invitations, new links, "Forgot your password?" links and nudges by email.
--
-- Every message goes through this outbox, as the chat's nudges go through notification_outbox: the
-- request that writes a message only queues it, and a drainer claims due messages under a lease,
-- sends each through SMTP and records the result. An SMTP server that is down loses nothing (the
-- message waits, with a backoff) and, since each message keeps one Message-ID from the moment it is
-- queued, a retry after an unknown outcome is the same message to the receiving side, not another one.
-- A permanent refusal (an SMTP 5xx, e.g. a recipient the server rejects) ends the message as failed
-- at once, keeping the server's words for the Team page.
--
-- A message's text holds a one-time link while it waits; once sent or given up, the text is emptied
-- so the database keeps no usable link longer than needed (it only ever keeps links' hashes otherwise).

create table public.mail_outbox (
  id bigint generated always as identity primary key,
  -- `<random@sender-domain>`, made by the server when it queues the message; the same on every attempt.
  message_id text not null constraint mail_outbox_message_id unique
    constraint mail_outbox_message_id_length check (char_length(message_id) between 3 and 300),
  kind text not null constraint mail_outbox_kind
    check (kind in ('invitation', 'new_link', 'password_reset', 'nudge')),
  -- Whom the message is about (the Team page shows the latest link mail of each person).
  rep_id uuid null references public.reps (id) on delete cascade,
  to_address text not null constraint mail_outbox_to check (char_length(to_address) between 3 and 254),
  subject text not null constraint mail_outbox_subject check (char_length(subject) between 1 and 300),
  text_body text not null constraint mail_outbox_text check (char_length(text_body) <= 10000),
  created_at timestamptz not null,
  next_attempt_at timestamptz not null,
  lease_until timestamptz null,
  attempts integer not null default 0,
  sent_at timestamptz null,
  failed_at timestamptz null,
  last_error text null constraint mail_outbox_last_error check (char_length(last_error) <= 500)
);

comment on table public.mail_outbox is
  'Mail to send through SMTP, claimed under a lease and retried with a backoff; service_role only.';

create index mail_outbox_due on public.mail_outbox (next_attempt_at, id)
  where sent_at is null and failed_at is null;
create index mail_outbox_rep on public.mail_outbox (rep_id, id);
create index mail_outbox_created on public.mail_outbox (created_at);

alter table public.mail_outbox enable row level security;

revoke all on table public.mail_outbox from anon, authenticated;
grant select, insert, update, delete on table public.mail_outbox to service_role;
revoke all on sequence public.mail_outbox_id_seq from anon, authenticated;

-- Nudges by email. Each rep chooses whether their prospects' nudges also reach their inbox ('also'),
-- reach it instead of the team's chat ('only'), or not ('off', as before). enqueue_nudge then queues
-- one mail to the owner with the chat's nudge, in the same transaction, so the chat and the mail share
-- the dedupe window. With 'only', the chat's row is still written (it is the dedupe window's record)
-- but settled at once as handled, so the chat never gets it.
alter table public.reps add column nudge_mail text not null default 'off'
  constraint reps_nudge_mail check (nudge_mail in ('off', 'also', 'only'));
