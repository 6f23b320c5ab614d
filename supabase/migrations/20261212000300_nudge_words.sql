-- The nudges in exact words, and "asked for a call" nudged like "opened" and "talked".
--
-- A call's length reads as a person says it, the rule core/spoken-duration.ts writes for the site:
-- whole seconds; under a minute seconds alone ("45 s"), under an hour minutes and the seconds left
-- ("1 min 35 s", "1 min"), from an hour on hours and the whole minutes left ("1 h 2 min", "1 h"), the
-- seconds dropped, never rounded up. A 95-second call was "2 min" in the chat and "1:35" on the page; it is
-- "1 min 35 s" in both now. The text stays composed here, when the nudge is queued, as before; the
-- server's tests hold this function and the site's to the same answers.
create function public.spoken_duration(seconds integer)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select case
    when s < 60 then s || ' s'
    when s < 3600 then (s / 60) || ' min' || case when s % 60 = 0 then '' else ' ' || (s % 60) || ' s' end
    else (s / 3600) || ' h' || case when s % 3600 / 60 = 0 then '' else ' ' || (s % 3600 / 60) || ' min' end
  end
  from (select greatest(spoken_duration.seconds, 0) as s) as t;
$$;

revoke all on function public.spoken_duration(integer) from public, anon, authenticated;
grant execute on function public.spoken_duration(integer) to service_role;

-- A prospect who asks for a phone call ("Call Me", a call the server placed) is the strongest signal
-- there is: an `asked` nudge, kept like the others to one per prospect within the dedupe window.
alter table public.notification_outbox drop constraint notification_outbox_kind;
alter table public.notification_outbox add constraint notification_outbox_kind
  check (kind in ('opened', 'asked', 'talked', 'booked'));

-- enqueue_nudge as before, with `asked`, and a `talked` nudge's length in the words above (without a
-- length, none is claimed).
create or replace function public.enqueue_nudge(
  prospect_id uuid, kind text, seconds integer, dedupe_minutes integer, link text, at timestamptz
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_company text;
  v_owner text;
  v_owner_id uuid;
  v_owner_disabled timestamptz;
  v_nudge_mail text;
  v_what text;
  v_text text;
  v_plain text;
  v_window bigint;
  v_id bigint;
  v_chat boolean;
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
  select p.name, p.company_name, r.email, r.id, r.disabled_at, coalesce(r.nudge_mail, 'off')
    into v_name, v_company, v_owner, v_owner_id, v_owner_disabled, v_nudge_mail
    from public.prospects p left join public.reps r on r.id = p.owner_id
   where p.id = enqueue_nudge.prospect_id;
  if not found then
    return false;
  end if;
  -- A disabled owner gets no mail; the chat still hears of their prospect.
  if v_owner_id is null or v_owner_disabled is not null then
    v_nudge_mail := 'off';
  end if;
  v_what := case kind
    when 'opened' then 'opened their demo page'
    when 'asked' then 'asked for a phone call'
    when 'talked' then 'talked to their agent' || coalesce(' for ' || public.spoken_duration(seconds), '')
    when 'booked' then 'booked a meeting'
  end;
  if v_what is null then
    raise exception 'unknown nudge kind %', kind using errcode = '22023';
  end if;
  v_text := public.slack_escape(v_name) || ' (' || public.slack_escape(v_company) || ') ' || v_what
    || ' (' || coalesce('owner: ' || public.slack_escape(v_owner), 'no owner') || ')'
    || coalesce(' ' || public.slack_link(link, 'See their activity'), '');
  v_chat := coalesce((select c.chat from public.nudge_channels c), true);
  v_window := floor(extract(epoch from at) / (dedupe_minutes * 60));
  insert into public.notification_outbox (prospect_id, kind, dedupe_key, text, created_at, next_attempt_at, sent_at)
  values (enqueue_nudge.prospect_id, kind, enqueue_nudge.prospect_id || ':' || kind || ':' || v_window, v_text, at, at,
    case when v_nudge_mail = 'only' or not v_chat then at end)
  on conflict (dedupe_key) do nothing
  returning id into v_id;
  if v_id is not null and v_nudge_mail in ('also', 'only') then
    -- Plain text, the prospect's words as they are (a mail is no chat: nothing to escape).
    v_plain := v_name || ' (' || v_company || ') ' || v_what;
    insert into public.mail_outbox (message_id, kind, rep_id, to_address, subject, text_body, created_at, next_attempt_at)
    values ('<nudge-' || v_id || '@nudge>', 'nudge', v_owner_id, v_owner, left(v_plain, 300),
      v_plain || '.' || coalesce(E'\n\nSee their activity: ' || link, '')
        || E'\n\nYou get these because you chose nudges by email on your profile page.',
      at, at);
  end if;
  return v_id is not null;
end;
$$;

-- The fact that the server placed a prospect's "Call Me" call (`phone_call_placed`, recorded as
-- record_engagement_fact records it) and, in the same transaction, its `asked` nudge
-- (`dedupe_minutes` not null; `link`: the rep's page of the prospect, or null): the nudge exists exactly
-- when the fact does. A call the team placed to try the agent is never recorded here, so never nudged.
-- {"status": "recorded" | "unknown_prospect", "nudged": bool}.
create function public.record_phone_call_placed(
  prospect_slug text, visit_id text, dedupe_minutes integer, link text, at timestamptz
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_recorded jsonb;
  v_prospect uuid;
  v_nudged boolean := false;
begin
  v_recorded := public.record_engagement_fact(record_phone_call_placed.prospect_slug, 'phone_call_placed',
    record_phone_call_placed.visit_id, '{}'::jsonb, record_phone_call_placed.at);
  if v_recorded ->> 'status' <> 'recorded' then
    return v_recorded || jsonb_build_object('nudged', false);
  end if;
  if record_phone_call_placed.dedupe_minutes is not null then
    select p.id into v_prospect from public.prospects p where p.slug = record_phone_call_placed.prospect_slug;
    v_nudged := public.enqueue_nudge(v_prospect, 'asked', null, record_phone_call_placed.dedupe_minutes,
      record_phone_call_placed.link, record_phone_call_placed.at);
  end if;
  return v_recorded || jsonb_build_object('nudged', v_nudged);
end;
$$;

revoke all on function public.record_phone_call_placed(text, text, integer, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.record_phone_call_placed(text, text, integer, text, timestamptz) to service_role;
