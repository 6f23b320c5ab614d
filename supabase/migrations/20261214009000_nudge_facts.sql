-- Nudges keep facts; the server words them.
--
-- What a rep reads of a nudge (the chat's line, the mail's subject and text) is composed by the server
-- as it sends it (core/nudge-words.ts), like every other sentence a person reads, from the facts the
-- database keeps when it queues the nudge: its kind, the prospect's name and company, the owner's
-- email, the call's length and the link to the prospect's activity. Nudges queued before this keep the
-- words they were queued with.
alter table public.notification_outbox
  add column facts jsonb null,
  alter column text drop not null,
  add constraint notification_outbox_words check (text is not null or facts is not null);

alter table public.mail_outbox
  add column facts jsonb null,
  alter column subject drop not null,
  alter column text_body drop not null,
  add constraint mail_outbox_words check ((subject is not null and text_body is not null) or facts is not null);

-- The words' helpers, which the server has now.
drop function if exists public.spoken_duration(integer);
drop function if exists public.slack_link(text, text);
drop function if exists public.slack_escape(text);
