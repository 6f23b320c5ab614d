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

-- Queues one message; answers its id.
create function public.enqueue_mail(
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

-- Claims up to max_rows due messages for lease_seconds: no other drainer sends them meanwhile.
create function public.claim_mail(max_rows integer, lease_seconds integer, at timestamptz)
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
    returning o.id, o.message_id, o.to_address, o.subject, o.text_body, o.attempts, o.next_attempt_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'message_id', c.message_id, 'to', c.to_address,
      'subject', c.subject, 'text', c.text_body, 'attempts', c.attempts)
    order by c.next_attempt_at, c.id), '[]'::jsonb)
  into v_claimed from claimed c;
  select min(greatest(o.next_attempt_at, coalesce(o.lease_until, o.next_attempt_at))) into v_next
  from public.mail_outbox o where o.sent_at is null and o.failed_at is null;
  return jsonb_build_object('mails', v_claimed, 'next_at', v_next);
end;
$$;

-- Records one attempt and ends the lease. outcome: 'sent'; 'retry' (a 4xx, a timeout, no server),
-- tried again after 30 s, doubling to an hour, given up after the 30th attempt (about a day);
-- 'refused' (a 5xx), failed at once. Sent or failed, the text (with its link) is emptied.
create function public.finish_mail(id bigint, outcome text, error text, at timestamptz)
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

-- Frees the leases a stopped server left (the embedded database's one drainer, as it starts).
create function public.release_mail_leases()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.mail_outbox o set lease_until = null
  where o.lease_until is not null and o.sent_at is null and o.failed_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Each person's latest invitation or new-link mail, for the Team page: to whom, and how it went.
create function public.list_team_mail()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'rep_id', m.rep_id, 'to', m.to_address, 'queued_at', m.created_at, 'sent_at', m.sent_at,
      'failed_at', m.failed_at, 'last_error', m.last_error, 'attempts', m.attempts)), '[]'::jsonb)
  from (
    select distinct on (o.rep_id) o.* from public.mail_outbox o
    where o.rep_id is not null and o.kind in ('invitation', 'new_link')
    order by o.rep_id, o.id desc
  ) m;
$$;

-- "Forgot your password?": a new one-time link for the enabled rep with this email, or null. Unlike an
-- admin's new link it leaves the password and the sessions alone until the link is used, so asking for
-- a link in someone else's name locks nobody out.
create function public.request_rep_password_link(email text, token_hash text, at timestamptz, expires_at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_rep public.reps;
begin
  select * into v_rep from public.reps r
  where r.email = lower(trim(request_rep_password_link.email)) and r.disabled_at is null;
  if v_rep.id is null then
    return null;
  end if;
  insert into public.rep_password_tokens (token_hash, rep_id, created_at, expires_at)
  values (request_rep_password_link.token_hash, v_rep.id, request_rep_password_link.at,
    request_rep_password_link.expires_at);
  return jsonb_build_object('id', v_rep.id, 'email', v_rep.email, 'role', v_rep.role);
end;
$$;

revoke all on table public.mail_outbox from anon, authenticated;
grant select, insert, update, delete on table public.mail_outbox to service_role;
revoke all on sequence public.mail_outbox_id_seq from anon, authenticated;
revoke all on function public.enqueue_mail(text, text, uuid, text, text, text, timestamptz)
  from public, anon, authenticated;
revoke all on function public.claim_mail(integer, integer, timestamptz) from public, anon, authenticated;
revoke all on function public.finish_mail(bigint, text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.release_mail_leases() from public, anon, authenticated;
revoke all on function public.list_team_mail() from public, anon, authenticated;
revoke all on function public.request_rep_password_link(text, text, timestamptz, timestamptz)
  from public, anon, authenticated;
grant execute on function public.enqueue_mail(text, text, uuid, text, text, text, timestamptz) to service_role;
grant execute on function public.claim_mail(integer, integer, timestamptz) to service_role;
grant execute on function public.finish_mail(bigint, text, text, timestamptz) to service_role;
grant execute on function public.release_mail_leases() to service_role;
grant execute on function public.list_team_mail() to service_role;
grant execute on function public.request_rep_password_link(text, text, timestamptz, timestamptz) to service_role;

-- Nudges by email. Each rep chooses whether their prospects' nudges also reach their inbox ('also'),
-- reach it instead of the team's chat ('only'), or not ('off', as before). enqueue_nudge then queues
-- one mail to the owner with the chat's nudge, in the same transaction, so the chat and the mail share
-- the dedupe window. With 'only', the chat's row is still written (it is the dedupe window's record)
-- but settled at once as handled, so the chat never gets it.
alter table public.reps add column nudge_mail text not null default 'off'
  constraint reps_nudge_mail check (nudge_mail in ('off', 'also', 'only'));

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
    when 'talked' then 'talked to their agent for ' || case
      when coalesce(seconds, 0) < 60 then 'under a minute'
      else (round(seconds / 60.0))::integer || ' min' end
    when 'booked' then 'booked a meeting'
  end;
  if v_what is null then
    raise exception 'unknown nudge kind %', kind using errcode = '22023';
  end if;
  v_text := public.slack_escape(v_name) || ' (' || public.slack_escape(v_company) || ') ' || v_what
    || ' (' || coalesce('owner: ' || public.slack_escape(v_owner), 'no owner') || ')'
    || coalesce(' ' || public.slack_link(link, 'See their activity'), '');
  v_window := floor(extract(epoch from at) / (dedupe_minutes * 60));
  insert into public.notification_outbox (prospect_id, kind, dedupe_key, text, created_at, next_attempt_at, sent_at)
  values (enqueue_nudge.prospect_id, kind, enqueue_nudge.prospect_id || ':' || kind || ':' || v_window, v_text, at, at,
    case when v_nudge_mail = 'only' then at end)
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

-- A rep's choice of nudges by email (one write, one call, like every write): null for an unknown rep.
create function public.set_rep_nudge_mail(rep_id uuid, choice text)
returns text
language sql
volatile
security invoker
set search_path = ''
as $$
  update public.reps r set nudge_mail = set_rep_nudge_mail.choice
  where r.id = set_rep_nudge_mail.rep_id
  returning r.nudge_mail;
$$;

revoke all on function public.set_rep_nudge_mail(uuid, text) from public, anon, authenticated;
grant execute on function public.set_rep_nudge_mail(uuid, text) to service_role;
