-- Call records expire, and calls a crash left behind are settled. Phone-call attempts and video
-- conversations are deleted after a retention the server passes in (CALL_RECORD_RETENTION_DAYS), a
-- bounded number per call, by the functions that add rows (so it works on the edge function too, where
-- no process lives between requests, and no single request pays for a backlog) and by the server's
-- upkeep. Calls that a stopped server left `pending` can be settled as `unknown`, which also frees
-- their idempotency key. The next migration makes refused requests write nothing.
-- Plain PostgreSQL 15: this runs on the embedded database and on hosted Supabase alike.

-- `unknown`: the server stopped before it learnt the platform's answer. `rate_limited` stays allowed
-- for rows written earlier; refusals are no longer recorded (next migration).
alter table public.phone_call_attempts drop constraint phone_call_attempts_outcome;
alter table public.phone_call_attempts add constraint phone_call_attempts_outcome
  check (outcome in ('pending', 'succeeded', 'failed', 'rate_limited', 'unknown'));
alter table public.video_conversations drop constraint video_conversations_outcome;
alter table public.video_conversations add constraint video_conversations_outcome
  check (outcome in ('pending', 'started', 'failed', 'unknown'));

-- Settling looks for pending rows only: a partial index keeps that cheap however large the tables are.
create index phone_call_attempts_pending on public.phone_call_attempts (created_at) where outcome = 'pending';
create index video_conversations_pending on public.video_conversations (created_at) where outcome = 'pending';

-- Deletes phone-call attempts and video conversations created more than `retention_days` ago, at
-- most `max_rows` of each per call, the oldest first, skipping rows another request holds.
-- Returns {"phoneCallAttempts": n, "videoConversations": n}, the rows deleted.
create function public.prune_call_records(retention_days integer, max_rows integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_cutoff timestamptz;
  v_attempts integer;
  v_conversations integer;
begin
  if retention_days is null or retention_days not between 1 and 3650 then
    raise exception 'retention_days must be 1 to 3650' using errcode = '22023';
  end if;
  if max_rows is null or max_rows not between 1 and 100000 then
    raise exception 'max_rows must be 1 to 100000' using errcode = '22023';
  end if;
  v_cutoff := now() - make_interval(days => retention_days);

  delete from public.phone_call_attempts a
  where a.id in (
    select o.id from public.phone_call_attempts o
    where o.created_at < v_cutoff
    order by o.created_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_attempts = row_count;

  delete from public.video_conversations v
  where v.id in (
    select o.id from public.video_conversations o
    where o.created_at < v_cutoff
    order by o.created_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_conversations = row_count;

  return jsonb_build_object('phoneCallAttempts', v_attempts, 'videoConversations', v_conversations);
end;
$$;

comment on function public.prune_call_records(integer, integer) is
  'Deletes call records older than the retention, a bounded number per call; service_role only.';

-- Settles what a stopped server left pending for longer than `older_than_seconds`: phone-call attempts
-- and video conversations become `unknown`, and the attempts free their idempotency key, so a retry is
-- judged afresh instead of waiting forever for an answer that will never be recorded.
-- Returns {"phoneCallAttempts": n, "videoConversations": n}, the rows settled.
create function public.settle_interrupted_calls(older_than_seconds integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_attempts integer;
  v_conversations integer;
begin
  if older_than_seconds is null or older_than_seconds < 0 then
    raise exception 'older_than_seconds must be 0 or more' using errcode = '22023';
  end if;
  update public.phone_call_attempts a
  set outcome = 'unknown', finished_at = now(), idempotency_key = null
  where a.outcome = 'pending' and a.created_at <= now() - make_interval(secs => older_than_seconds);
  get diagnostics v_attempts = row_count;

  update public.video_conversations v
  set outcome = 'unknown'
  where v.outcome = 'pending' and v.created_at <= now() - make_interval(secs => older_than_seconds);
  get diagnostics v_conversations = row_count;

  return jsonb_build_object('phoneCallAttempts', v_attempts, 'videoConversations', v_conversations);
end;
$$;

comment on function public.settle_interrupted_calls(integer) is
  'Settles calls left pending by a stopped server as unknown, freeing their keys; service_role only.';
-- Records a conversation about to be asked for, as the four-argument version does, and prunes up to
-- 50 records older than `retention_days`. The four-argument version stays for a server of the
-- previous release still running during a deploy.
create function public.begin_video_conversation(
  backend text,
  prospect_slug text,
  client_ip_hash text,
  max_duration_seconds integer,
  retention_days integer
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform public.prune_call_records(begin_video_conversation.retention_days, 50);
  insert into public.video_conversations (backend, prospect_slug, client_ip_hash, max_duration_seconds)
  values (begin_video_conversation.backend, begin_video_conversation.prospect_slug,
          begin_video_conversation.client_ip_hash, begin_video_conversation.max_duration_seconds)
  returning id into v_id;
  return v_id;
end;
$$;

-- Functions are executable by PUBLIC by default, and hosted Supabase grants new ones to anon and
-- authenticated too: take all of that back; only the server's service role may run them.
revoke all on function public.prune_call_records(integer, integer) from public, anon, authenticated;
revoke all on function public.settle_interrupted_calls(integer) from public, anon, authenticated;
revoke all on function public.begin_video_conversation(text, text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function public.prune_call_records(integer, integer) to service_role;
grant execute on function public.settle_interrupted_calls(integer) to service_role;
grant execute on function public.begin_video_conversation(text, text, text, integer, integer) to service_role;
