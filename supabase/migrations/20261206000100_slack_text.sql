-- The reps' nudges are text.
--
-- Slack (and the webhooks that read its format) takes `<!channel>`, `<!here>`, `<@U…>` and `<url|label>`
-- in a message's text as a ping or a link, and asks for `&`, `<` and `>` to be sent as `&amp;`, `&lt;`
-- and `&gt;`. A prospect's name or company is anyone's words (a rep's form, a CSV), so every value a
-- nudge quotes goes through slack_escape; our own link goes through slack_link, which escapes its
-- address and its label and builds the one piece of markup we mean. The text stays composed in
-- enqueue_nudge, in the transaction that queues the nudge: what the channel reads is fixed when it is
-- queued, and nudges queued before this migration are sent as they were composed.

create function public.slack_escape(value text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  -- `&` first, so the entities written after it are not escaped again.
  select replace(replace(replace(value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')
$$;

comment on function public.slack_escape(text) is
  'A value as plain text in a Slack message: &, < and > escaped as &amp;, &lt; and &gt;.';

-- `<url|label>`: a link Slack shows as its label. A `|` in the address would end it early, so it is
-- percent-encoded (which any browser reads as the same address).
create function public.slack_link(url text, label text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select '<' || public.slack_escape(replace(url, '|', '%7C')) || '|' || public.slack_escape(label) || '>'
$$;

comment on function public.slack_link(text, text) is
  'Our own link in a Slack message, `<url|label>`, its address and label escaped.';

-- An escaped name and company may be up to five times as long as typed (`&` is `&amp;`): room for
-- both at 120 characters each, our words and the link.
alter table public.notification_outbox drop constraint notification_outbox_text;
alter table public.notification_outbox add constraint notification_outbox_text
  check (char_length(text) between 1 and 5000);

-- As in the baseline, with every value it quotes escaped (above).
create or replace function public.enqueue_nudge(
  prospect_id uuid, kind text, seconds integer, dedupe_minutes integer, link text, at timestamptz
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_company text;
  v_what text;
  v_text text;
  v_window bigint;
  v_id bigint;
begin
  if dedupe_minutes is null or dedupe_minutes not between 1 and 10080 then
    raise exception 'dedupe_minutes must be 1 to 10080' using errcode = '22023';
  end if;
  if exists (
    select 1 from public.notification_outbox o
    where o.prospect_id = enqueue_nudge.prospect_id and o.kind = enqueue_nudge.kind
      and o.created_at > enqueue_nudge.at - make_interval(mins => dedupe_minutes)
  ) then
    return false;
  end if;
  select p.name, p.company_name into v_name, v_company from public.prospects p where p.id = enqueue_nudge.prospect_id;
  if not found then
    return false;
  end if;
  v_what := case kind
    when 'opened' then 'opened their demo page'
    when 'talked' then 'talked to their agent for ' || case
      when coalesce(seconds, 0) < 60 then 'under a minute'
      else (round(seconds / 60.0))::integer || ' min' end
    when 'booked' then 'booked a meeting'
  end;
  if v_what is null then
    raise exception 'unknown nudge kind %', kind using errcode = '22023';
  end if;
  v_text := public.slack_escape(v_name) || ' (' || public.slack_escape(v_company) || ') ' || v_what
    || coalesce(' ' || public.slack_link(link, 'See their activity'), '');
  v_window := floor(extract(epoch from at) / (dedupe_minutes * 60));
  insert into public.notification_outbox (prospect_id, kind, dedupe_key, text, created_at, next_attempt_at)
  values (enqueue_nudge.prospect_id, kind, enqueue_nudge.prospect_id || ':' || kind || ':' || v_window, v_text, at, at)
  on conflict (dedupe_key) do nothing
  returning id into v_id;
  return v_id is not null;
end;
$$;

revoke all on function public.slack_escape(text) from public, anon, authenticated;
revoke all on function public.slack_link(text, text) from public, anon, authenticated;
grant execute on function public.slack_escape(text) to service_role;
grant execute on function public.slack_link(text, text) to service_role;
