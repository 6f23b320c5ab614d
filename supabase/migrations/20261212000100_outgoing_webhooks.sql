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

revoke all on table public.outgoing_webhooks from anon, authenticated;
revoke all on table public.webhook_deliveries from anon, authenticated;
grant select, insert, update, delete on table public.outgoing_webhooks to service_role;
grant select, insert, update, delete on table public.webhook_deliveries to service_role;
revoke all on sequence public.webhook_deliveries_id_seq from anon, authenticated;
