-- Outgoing webhooks: the team's own tools (a CRM, Zapier) hear of what prospects do.
--
-- An admin adds a webhook: an address, the events it wants and a signing secret the server makes.
-- Every fact that causes an event queues one delivery per enabled webhook that wants it, in the same
-- transaction as the fact (the triggers below, on the facts' tables), so a fact is never stored
-- without its deliveries nor a delivery queued for a fact that was rolled back. The deliveries go
-- through this outbox as nudges and mail do: a drainer claims due rows under a lease, sends each and
-- records the answer; a failure is tried again after a backoff and given up after the 10th try, with
-- the reason kept for the webhook's delivery log. Each delivery keeps one id from the moment it is
-- queued, sent on every try, so a receiver that sees a retry after an unknown outcome (a server that
-- died mid-send) can tell it is the same delivery.
--
-- The secret signs each delivery (HMAC-SHA256), so it is kept as it is: the server needs it to sign.
-- It is shown to the admin once, when the webhook is added; afterwards only its last 4 characters.

create table public.outgoing_webhooks (
  id uuid primary key default gen_random_uuid(),
  url text not null constraint outgoing_webhooks_url
    check (char_length(url) between 10 and 2000 and url ~ '^https?://[^[:space:]]+$'),
  events text[] not null constraint outgoing_webhooks_events
    check (cardinality(events) between 1 and 6
      and events <@ array['opened', 'tried', 'asked_for_call', 'booked', 'talked', 'prospect_created']),
  secret text not null constraint outgoing_webhooks_secret check (secret ~ '^whsec_[A-Za-z0-9_-]{32,64}$'),
  enabled boolean not null default true,
  created_by uuid null references public.reps (id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

comment on table public.outgoing_webhooks is
  'The team''s outgoing webhooks: address, events wanted, signing secret; service_role only.';

alter table public.outgoing_webhooks enable row level security;

create table public.webhook_deliveries (
  id bigint generated always as identity primary key,
  -- Sent as the delivery's id on every try: the receiver's key for taking it once.
  delivery_id uuid not null default gen_random_uuid() constraint webhook_deliveries_delivery_id unique,
  -- The event's id, in the body: "Send again" makes a new delivery of the same event.
  event_id uuid not null,
  webhook_id uuid not null references public.outgoing_webhooks (id) on delete cascade,
  event text not null constraint webhook_deliveries_event
    check (event in ('opened', 'tried', 'asked_for_call', 'booked', 'talked', 'prospect_created', 'test')),
  -- The prospect as it was when the fact happened and the fact's details: the body's data.
  payload jsonb not null constraint webhook_deliveries_payload_size check (octet_length(payload::text) <= 16000),
  occurred_at timestamptz not null,
  created_at timestamptz not null,
  next_attempt_at timestamptz not null,
  lease_until timestamptz null,
  attempts integer not null default 0,
  delivered_at timestamptz null,
  failed_at timestamptz null,
  last_status smallint null,
  last_error text null constraint webhook_deliveries_last_error check (char_length(last_error) <= 500)
);

comment on table public.webhook_deliveries is
  'Deliveries of the outgoing webhooks, claimed under a lease and retried with a backoff; service_role only.';

create index webhook_deliveries_due on public.webhook_deliveries (next_attempt_at, id)
  where delivered_at is null and failed_at is null;
create index webhook_deliveries_log on public.webhook_deliveries (webhook_id, id desc);
create index webhook_deliveries_created on public.webhook_deliveries (created_at);

alter table public.webhook_deliveries enable row level security;

-- Queues one delivery per enabled webhook that wants each fact. `facts`: a JSON array of
-- { prospect_id, event, details, at }. Answers how many deliveries were queued.
create function public.queue_webhook_deliveries(facts jsonb, at timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- Most products have no webhook: one cheap look, and the facts' writes pay nothing more.
  if not exists (select 1 from public.outgoing_webhooks w where w.enabled) then
    return 0;
  end if;
  insert into public.webhook_deliveries (event_id, webhook_id, event, payload, occurred_at, created_at, next_attempt_at)
  select gen_random_uuid(), w.id, f.val ->> 'event',
    jsonb_build_object(
      'prospect', jsonb_build_object('slug', p.slug, 'company', p.company_name, 'contact_name', p.name,
        'owner_name', coalesce(r.display_name, r.email)),
      'details', coalesce(f.val -> 'details', '{}'::jsonb)),
    coalesce((f.val ->> 'at')::timestamptz, queue_webhook_deliveries.at),
    coalesce((f.val ->> 'at')::timestamptz, queue_webhook_deliveries.at),
    coalesce((f.val ->> 'at')::timestamptz, queue_webhook_deliveries.at)
  from jsonb_array_elements(facts) with ordinality as f(val, i)
    join public.prospects p on p.id = (f.val ->> 'prospect_id')::uuid
    left join public.reps r on r.id = p.owner_id
    join public.outgoing_webhooks w on w.enabled and (f.val ->> 'event') = any (w.events)
  -- The general demo's visitors are no prospect anyone follows.
  where p.slug <> 'visitor'
  order by f.i, w.created_at;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- The facts: a page opened, a demo tried, a phone call asked for, a meeting booked (on the page or
-- confirmed by the scheduler), each queued with the transaction that stores it.
create function public.engagement_events_webhooks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.queue_webhook_deliveries(coalesce((
    select jsonb_agg(jsonb_build_object('prospect_id', n.prospect_id, 'at', n.at,
        'event', case
          when n.name = 'page_opened' then 'opened'
          when n.name in ('demo_call_started', 'video_call_started') then 'tried'
          when n.name = 'phone_call_requested' then 'asked_for_call'
          else 'booked' end,
        'details', case
          when n.name = 'demo_call_started' then jsonb_build_object('how', 'browser call')
          when n.name = 'video_call_started' then jsonb_build_object('how', 'video call')
          when n.name = 'meeting_confirmed' then n.detail || jsonb_build_object('where', 'scheduler')
          when n.name = 'meeting_booked' then n.detail || jsonb_build_object('where', 'demo page')
          else n.detail end)
      order by n.id)
    from new_rows n
    where n.name in ('page_opened', 'demo_call_started', 'video_call_started', 'phone_call_requested',
      'meeting_booked', 'meeting_confirmed')
  ), '[]'::jsonb), now());
  return null;
end;
$$;

create trigger engagement_events_webhooks after insert on public.engagement_events
  referencing new table as new_rows for each statement execute function public.engagement_events_webhooks();

-- A conversation with the agent, in the browser or on the phone, once its report arrives.
create function public.call_reports_webhooks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.queue_webhook_deliveries(coalesce((
    select jsonb_agg(jsonb_build_object('prospect_id', n.prospect_id,
        'at', coalesce(n.ended_at, n.received_at), 'event', 'talked',
        'details', jsonb_build_object('how', case n.source when 'phone' then 'phone call' else 'browser call' end,
          'seconds', n.seconds, 'summary', left(n.summary, 2000)))
      order by n.received_at)
    from new_rows n
  ), '[]'::jsonb), now());
  return null;
end;
$$;

create trigger call_reports_webhooks after insert on public.call_reports
  referencing new table as new_rows for each statement execute function public.call_reports_webhooks();

-- A prospect added, by a rep's form, an import or the command line.
create function public.prospects_webhooks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.queue_webhook_deliveries(coalesce((
    select jsonb_agg(jsonb_build_object('prospect_id', n.id, 'at', n.created_at, 'event', 'prospect_created',
        'details', jsonb_strip_nulls(jsonb_build_object('city', n.city, 'website', n.website,
          'template', n.template)))
      order by n.created_at, n.slug)
    from new_rows n
  ), '[]'::jsonb), now());
  return null;
end;
$$;

create trigger prospects_webhooks after insert on public.prospects
  referencing new table as new_rows for each statement execute function public.prospects_webhooks();

-- What the settings page lists: never the secret, only its last 4 characters.
create function public.outgoing_webhook_json(w public.outgoing_webhooks)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', w.id, 'url', w.url, 'events', to_jsonb(w.events), 'enabled', w.enabled,
    'secret_last4', right(w.secret, 4), 'created_at', w.created_at, 'updated_at', w.updated_at);
$$;

create function public.create_outgoing_webhook(url text, events text[], secret text, rep_id uuid, at timestamptz)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  insert into public.outgoing_webhooks (url, events, secret, created_by, created_at, updated_at)
  values (create_outgoing_webhook.url, create_outgoing_webhook.events, create_outgoing_webhook.secret,
    create_outgoing_webhook.rep_id, create_outgoing_webhook.at, create_outgoing_webhook.at)
  returning public.outgoing_webhook_json(outgoing_webhooks);
$$;

create function public.list_outgoing_webhooks()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(public.outgoing_webhook_json(w) order by w.created_at, w.id), '[]'::jsonb)
  from public.outgoing_webhooks w;
$$;

-- Turns a webhook on or off (null: unknown webhook). Turned off, what it had waiting is given up
-- with the reason, so turning it on again does not pour out old news.
create function public.set_outgoing_webhook_enabled(id uuid, enabled boolean, at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.outgoing_webhooks;
begin
  update public.outgoing_webhooks w set enabled = set_outgoing_webhook_enabled.enabled,
    updated_at = set_outgoing_webhook_enabled.at
  where w.id = set_outgoing_webhook_enabled.id
  returning * into v_row;
  if v_row.id is null then
    return null;
  end if;
  if not v_row.enabled then
    update public.webhook_deliveries d
    set failed_at = set_outgoing_webhook_enabled.at, lease_until = null,
      last_error = 'Not sent: the webhook was turned off'
    where d.webhook_id = v_row.id and d.delivered_at is null and d.failed_at is null;
  end if;
  return public.outgoing_webhook_json(v_row);
end;
$$;

create function public.delete_outgoing_webhook(id uuid)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with gone as (delete from public.outgoing_webhooks w where w.id = delete_outgoing_webhook.id returning 1)
  select exists (select 1 from gone);
$$;

-- "Send a test": one delivery of the test event, whatever events the webhook wants. Null: unknown webhook.
create function public.queue_webhook_test(webhook_id uuid, at timestamptz)
returns bigint
language sql
volatile
set search_path = ''
as $$
  insert into public.webhook_deliveries (event_id, webhook_id, event, payload, occurred_at, created_at, next_attempt_at)
  select gen_random_uuid(), w.id, 'test',
    jsonb_build_object('prospect', null, 'details', jsonb_build_object('message', 'A test from the settings page')),
    queue_webhook_test.at, queue_webhook_test.at, queue_webhook_test.at
  from public.outgoing_webhooks w where w.id = queue_webhook_test.webhook_id
  returning id;
$$;

-- "Send again": a new delivery of a settled delivery's event (same event id and body, a new delivery
-- id, tries counted anew). Null: unknown, or still on its way.
create function public.resend_webhook_delivery(webhook_id uuid, id bigint, at timestamptz)
returns bigint
language sql
volatile
set search_path = ''
as $$
  insert into public.webhook_deliveries (event_id, webhook_id, event, payload, occurred_at, created_at, next_attempt_at)
  select d.event_id, d.webhook_id, d.event, d.payload, d.occurred_at, resend_webhook_delivery.at,
    resend_webhook_delivery.at
  from public.webhook_deliveries d
  where d.id = resend_webhook_delivery.id and d.webhook_id = resend_webhook_delivery.webhook_id
    and (d.delivered_at is not null or d.failed_at is not null)
  returning id;
$$;

-- A webhook's last deliveries, newest first, for its delivery log.
create function public.list_webhook_deliveries(webhook_id uuid, max_rows integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', d.id, 'delivery_id', d.delivery_id, 'event', d.event,
      'slug', d.payload #>> '{prospect,slug}', 'created_at', d.created_at, 'attempts', d.attempts,
      'delivered_at', d.delivered_at, 'failed_at', d.failed_at, 'next_attempt_at',
      case when d.delivered_at is null and d.failed_at is null then d.next_attempt_at end,
      'last_status', d.last_status, 'last_error', d.last_error) order by d.id desc), '[]'::jsonb)
  from (
    select * from public.webhook_deliveries x where x.webhook_id = list_webhook_deliveries.webhook_id
    order by x.id desc limit least(greatest(list_webhook_deliveries.max_rows, 1), 200)
  ) d;
$$;

-- Claims up to max_rows due deliveries for lease_seconds, at most per_webhook of each webhook, so one
-- receiver with a long queue leaves room for the others in every batch.
create function public.claim_webhook_deliveries(max_rows integer, per_webhook integer, lease_seconds integer,
  at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_claimed jsonb;
  v_next timestamptz;
begin
  if max_rows is null or max_rows not between 1 and 100 or per_webhook is null or per_webhook < 1
    or lease_seconds is null or lease_seconds < 1 then
    raise exception 'max_rows must be 1 to 100, per_webhook and lease_seconds positive' using errcode = '22023';
  end if;
  -- Now and then, forget deliveries settled a month ago.
  if random() < 0.01 then
    delete from public.webhook_deliveries d
    where coalesce(d.delivered_at, d.failed_at) < claim_webhook_deliveries.at - interval '30 days';
  end if;
  with due as (
    select d.id from public.webhook_deliveries d
    where d.delivered_at is null and d.failed_at is null and d.next_attempt_at <= claim_webhook_deliveries.at
      and (d.lease_until is null or d.lease_until <= claim_webhook_deliveries.at)
      and d.id in (
        select r.id from (
          select x.id, row_number() over (partition by x.webhook_id order by x.next_attempt_at, x.id) as n
          from public.webhook_deliveries x
          where x.delivered_at is null and x.failed_at is null and x.next_attempt_at <= claim_webhook_deliveries.at
            and (x.lease_until is null or x.lease_until <= claim_webhook_deliveries.at)
        ) r where r.n <= claim_webhook_deliveries.per_webhook
      )
    order by d.next_attempt_at, d.id
    limit claim_webhook_deliveries.max_rows
    for update skip locked
  ), claimed as (
    update public.webhook_deliveries d
    set lease_until = claim_webhook_deliveries.at + make_interval(secs => claim_webhook_deliveries.lease_seconds)
    from due where d.id = due.id
    returning d.*
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'delivery_id', c.delivery_id, 'event_id', c.event_id,
      'webhook_id', c.webhook_id, 'url', w.url, 'secret', w.secret, 'event', c.event, 'payload', c.payload,
      'occurred_at', c.occurred_at, 'attempts', c.attempts)
    order by c.next_attempt_at, c.id), '[]'::jsonb)
  into v_claimed
  from claimed c join public.outgoing_webhooks w on w.id = c.webhook_id;
  select min(greatest(d.next_attempt_at, coalesce(d.lease_until, d.next_attempt_at))) into v_next
  from public.webhook_deliveries d where d.delivered_at is null and d.failed_at is null;
  return jsonb_build_object('deliveries', v_claimed, 'next_at', v_next);
end;
$$;

-- Records one try and ends the lease. outcome: 'delivered' (a 2xx); 'retry' (any other answer, a
-- timeout, no answer), tried again after 30 s, doubling to an hour, given up after the 10th try
-- (about three hours); 'refused' (an address the server may not reach), given up at once.
create function public.finish_webhook_delivery(id bigint, outcome text, status integer, error text, at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.webhook_deliveries;
  v_failed boolean;
begin
  if outcome is null or outcome not in ('delivered', 'retry', 'refused') then
    raise exception 'outcome must be delivered, retry or refused' using errcode = '22023';
  end if;
  select * into v_row from public.webhook_deliveries d
  where d.id = finish_webhook_delivery.id and d.delivered_at is null and d.failed_at is null for update;
  if v_row.id is null then
    return jsonb_build_object('state', 'gone', 'attempts', null);
  end if;
  v_failed := outcome = 'refused' or (outcome = 'retry' and v_row.attempts + 1 >= 10);
  update public.webhook_deliveries d
  set attempts = d.attempts + 1,
      lease_until = null,
      delivered_at = case when outcome = 'delivered' then finish_webhook_delivery.at end,
      failed_at = case when v_failed then finish_webhook_delivery.at end,
      last_status = finish_webhook_delivery.status,
      last_error = case when outcome = 'delivered' then null else left(finish_webhook_delivery.error, 500) end,
      next_attempt_at = case when outcome = 'retry' and not v_failed
        then finish_webhook_delivery.at + make_interval(secs => least(3600, 30 * power(2, least(d.attempts, 12))))
        else d.next_attempt_at end
  where d.id = v_row.id;
  return jsonb_build_object('state', case when outcome = 'delivered' then 'delivered' when v_failed then 'failed'
    else 'retry' end, 'attempts', v_row.attempts + 1);
end;
$$;

-- Frees the leases a stopped server left (the embedded database's one drainer, as it starts).
create function public.release_webhook_leases()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.webhook_deliveries d set lease_until = null
  where d.lease_until is not null and d.delivered_at is null and d.failed_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on table public.outgoing_webhooks from anon, authenticated;
revoke all on table public.webhook_deliveries from anon, authenticated;
grant select, insert, update, delete on table public.outgoing_webhooks to service_role;
grant select, insert, update, delete on table public.webhook_deliveries to service_role;
revoke all on sequence public.webhook_deliveries_id_seq from anon, authenticated;
revoke all on function public.queue_webhook_deliveries(jsonb, timestamptz) from public, anon, authenticated;
revoke all on function public.engagement_events_webhooks() from public, anon, authenticated;
revoke all on function public.call_reports_webhooks() from public, anon, authenticated;
revoke all on function public.prospects_webhooks() from public, anon, authenticated;
revoke all on function public.outgoing_webhook_json(public.outgoing_webhooks) from public, anon, authenticated;
revoke all on function public.create_outgoing_webhook(text, text[], text, uuid, timestamptz)
  from public, anon, authenticated;
revoke all on function public.list_outgoing_webhooks() from public, anon, authenticated;
revoke all on function public.set_outgoing_webhook_enabled(uuid, boolean, timestamptz) from public, anon, authenticated;
revoke all on function public.delete_outgoing_webhook(uuid) from public, anon, authenticated;
revoke all on function public.queue_webhook_test(uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.resend_webhook_delivery(uuid, bigint, timestamptz) from public, anon, authenticated;
revoke all on function public.list_webhook_deliveries(uuid, integer) from public, anon, authenticated;
revoke all on function public.claim_webhook_deliveries(integer, integer, integer, timestamptz)
  from public, anon, authenticated;
revoke all on function public.finish_webhook_delivery(bigint, text, integer, text, timestamptz)
  from public, anon, authenticated;
revoke all on function public.release_webhook_leases() from public, anon, authenticated;
grant execute on function public.queue_webhook_deliveries(jsonb, timestamptz) to service_role;
grant execute on function public.outgoing_webhook_json(public.outgoing_webhooks) to service_role;
grant execute on function public.create_outgoing_webhook(text, text[], text, uuid, timestamptz) to service_role;
grant execute on function public.list_outgoing_webhooks() to service_role;
grant execute on function public.set_outgoing_webhook_enabled(uuid, boolean, timestamptz) to service_role;
grant execute on function public.delete_outgoing_webhook(uuid) to service_role;
grant execute on function public.queue_webhook_test(uuid, timestamptz) to service_role;
grant execute on function public.resend_webhook_delivery(uuid, bigint, timestamptz) to service_role;
grant execute on function public.list_webhook_deliveries(uuid, integer) to service_role;
grant execute on function public.claim_webhook_deliveries(integer, integer, integer, timestamptz) to service_role;
grant execute on function public.finish_webhook_delivery(bigint, text, integer, text, timestamptz) to service_role;
grant execute on function public.release_webhook_leases() to service_role;
