-- The nudges in exact words, and "asked for a call" nudged like "opened" and "talked".
--
-- A call's length reads as a person says it (spoken_duration, the rule core/spoken-duration.ts writes
-- for the site). The nudge's kinds:
-- A prospect who asks for a phone call ("Call Me", a call the server placed) is the strongest signal
-- there is: an `asked` nudge, kept like the others to one per prospect within the dedupe window.
alter table public.notification_outbox drop constraint notification_outbox_kind;
alter table public.notification_outbox add constraint notification_outbox_kind
  check (kind in ('opened', 'asked', 'talked', 'booked'));
