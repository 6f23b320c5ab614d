-- The reps' nudges are text.
--
-- Slack (and the webhooks that read its format) takes `<!channel>`, `<!here>`, `<@U…>` and `<url|label>`
-- in a message's text as a ping or a link, and asks for `&`, `<` and `>` to be sent as `&amp;`, `&lt;`
-- and `&gt;`. A prospect's name or company is anyone's words (a rep's form, a CSV), so every value a
-- nudge quotes goes through slack_escape; our own link goes through slack_link, which escapes its
-- address and its label and builds the one piece of markup we mean. The text stays composed in
-- enqueue_nudge, in the transaction that queues the nudge: what the channel reads is fixed when it is
-- queued, and nudges queued before this migration are sent as they were composed.

-- An escaped name and company may be up to five times as long as typed (`&` is `&amp;`): room for
-- both at 120 characters each, our words and the link.
alter table public.notification_outbox drop constraint notification_outbox_text;
alter table public.notification_outbox add constraint notification_outbox_text
  check (char_length(text) between 1 and 5000);
