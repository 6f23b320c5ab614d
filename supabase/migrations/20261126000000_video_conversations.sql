-- The record of video support calls. Each one is paid for by the minute, so the server
-- records every conversation it asks a platform for, with its outcome, and when and how it ended.
-- Plain PostgreSQL 15: this runs on the embedded database and on hosted Supabase alike.
-- Browsers never touch any of it: RLS is on with no policy, and only service_role may execute the
-- functions. Client addresses arrive already replaced by an HMAC keyed with a server secret.
-- Limits use check_rate_limits() of the phone-call migration, with 'video:' buckets.

create table public.video_conversations (
  -- Our id, returned to the widget as `conversationId`: random, so only the page that started the
  -- call can end it.
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  backend text not null constraint video_conversations_backend check (backend in ('tavus', 'webhook')),
  -- The prospect the persona was told about; null for an anonymous visitor.
  prospect_slug text constraint video_conversations_slug_format check (prospect_slug ~ '^[a-z0-9-]{1,64}$'),
  -- HMAC-SHA256 (hex) of the client's address (IPv6: its /64), or null when it was unknown.
  client_ip_hash text constraint video_conversations_ip_hash check (client_ip_hash ~ '^[0-9a-f]{64}$'),
  max_duration_seconds integer not null
    constraint video_conversations_max_duration check (max_duration_seconds between 1 and 86400),
  -- pending: asking the platform; started: it answered a usable conversation; failed: it did not.
  outcome text not null default 'pending'
    constraint video_conversations_outcome check (outcome in ('pending', 'started', 'failed')),
  error_code text,
  platform_conversation_id text
    constraint video_conversations_platform_id check (char_length(platform_conversation_id) between 1 and 200),
  -- Set while one request is ending the call, so a second (a page-hide beacon after 'End call')
  -- does not ask the platform again; cleared when the platform could not end it.
  end_requested_at timestamptz,
  ended_at timestamptz,
  -- ended: the platform ended it; gone: the platform had nothing left to end; recorded: no end API
  -- (webhook), the call runs to its time limit; expired: asked after the time limit, nothing to do.
  end_result text
    constraint video_conversations_end_result check (end_result in ('ended', 'gone', 'recorded', 'expired')),
  constraint video_conversations_ended check ((ended_at is null) = (end_result is null))
);

comment on table public.video_conversations is
  'Video support calls the server started, their outcome and end; addresses only as keyed hashes.';

create index video_conversations_created_at on public.video_conversations (created_at);

alter table public.video_conversations enable row level security;
revoke all on table public.video_conversations from anon, authenticated, service_role;
grant select on table public.video_conversations to service_role;

-- Records a conversation about to be asked for; returns its id.
create function public.begin_video_conversation(
  backend text,
  prospect_slug text,
  client_ip_hash text,
  max_duration_seconds integer
)
returns uuid
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.video_conversations (backend, prospect_slug, client_ip_hash, max_duration_seconds)
  values (begin_video_conversation.backend, begin_video_conversation.prospect_slug,
          begin_video_conversation.client_ip_hash, begin_video_conversation.max_duration_seconds)
  returning id;
$$;

-- Records what the platform answered, once: outcome 'started' with its conversation id, or 'failed'
-- with the error code the visitor got.
create function public.finish_video_conversation(
  conversation_id uuid,
  outcome text,
  platform_conversation_id text,
  error_code text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.video_conversations v
  set outcome = finish_video_conversation.outcome,
      platform_conversation_id = finish_video_conversation.platform_conversation_id,
      error_code = finish_video_conversation.error_code
  where v.id = finish_video_conversation.conversation_id and v.outcome = 'pending';
  return jsonb_build_object('recorded', found);
end;
$$;

-- Claims the end of a started conversation:
--   {"state": "unknown"}   no such conversation started (never, or its start failed);
--   {"state": "ended"}     already ended, or another request is ending it right now;
--   {"state": "claimed", "backend", "platformConversationId", "expired"}
--                          this request ends it; `expired`: past its time limit (plus a margin for
--                          the platform's own clock), so there is nothing left to end.
-- The row lock makes concurrent claims queue: exactly one gets "claimed". A claim older than a minute
-- is taken to be lost (its server died mid-request) and can be claimed again.
create function public.claim_video_conversation_end(conversation_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.video_conversations;
begin
  select * into v_row
  from public.video_conversations v
  where v.id = claim_video_conversation_end.conversation_id and v.outcome = 'started'
  for update;
  if not found then
    return jsonb_build_object('state', 'unknown');
  end if;
  if v_row.ended_at is not null or v_row.end_requested_at > now() - interval '1 minute' then
    return jsonb_build_object('state', 'ended');
  end if;
  update public.video_conversations v
  set end_requested_at = now()
  where v.id = v_row.id;
  return jsonb_build_object(
    'state', 'claimed',
    'backend', v_row.backend,
    'platformConversationId', v_row.platform_conversation_id,
    'expired', v_row.created_at + make_interval(secs => v_row.max_duration_seconds + 30) <= now()
  );
end;
$$;

-- Records how a claimed end went: `end_result` null means the platform could not end the call, so
-- the claim is released and a later request may try again.
create function public.finish_video_conversation_end(conversation_id uuid, end_result text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.video_conversations v
  set ended_at = case when finish_video_conversation_end.end_result is null then null else now() end,
      end_result = finish_video_conversation_end.end_result,
      end_requested_at = case when finish_video_conversation_end.end_result is null then null
                              else v.end_requested_at end
  where v.id = finish_video_conversation_end.conversation_id and v.ended_at is null;
  return jsonb_build_object('recorded', found);
end;
$$;

revoke all on function public.begin_video_conversation(text, text, text, integer) from public, anon, authenticated;
revoke all on function public.finish_video_conversation(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.claim_video_conversation_end(uuid) from public, anon, authenticated;
revoke all on function public.finish_video_conversation_end(uuid, text) from public, anon, authenticated;
grant execute on function public.begin_video_conversation(text, text, text, integer) to service_role;
grant execute on function public.finish_video_conversation(uuid, text, text, text) to service_role;
grant execute on function public.claim_video_conversation_end(uuid) to service_role;
grant execute on function public.finish_video_conversation_end(uuid, text) to service_role;
