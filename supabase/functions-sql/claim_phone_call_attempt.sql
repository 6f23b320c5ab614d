-- Claims an idempotency key and checks the limits in one transaction. Answers:
--   {"state": "started", "attemptId"}       recorded: go on to the call;
--   {"state": "limited", "blocked", "retryAfterSeconds"}
--                                           a limit refused it: nothing recorded, the key stays free;
--   {"state": "pending"}                    the first request with this key is still running;
--   {"state": "finished", "outcome", "httpStatus", "errorCode", "errorMessage", "callId"}
--                                           replay that answer, dial nothing, count nothing;
--   {"state": "mismatch"}                   the key was used for another number or prospect.
-- A transaction-scoped advisory lock on the key serialises requests with the same key, so the first
-- one's decision (recorded or refused) is settled before the next looks. A pending attempt older than
-- `stale_after_seconds` (longer than any live request lasts) was left by a stopped server: it is
-- settled as `unknown` and its key judged afresh. A new attempt prunes up to 50 records older than
-- `retention_days`.
create or replace function public.claim_phone_call_attempt(
  idempotency_key text,
  prospect_slug text,
  country text,
  number_hash text,
  client_ip_hash text,
  assistant_id text,
  buckets jsonb,
  retention_days integer,
  stale_after_seconds integer
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_row public.phone_call_attempts;
  v_limit jsonb;
begin
  if stale_after_seconds is null or stale_after_seconds < 1 then
    raise exception 'stale_after_seconds must be 1 or more' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('phone_call_attempt:' || claim_phone_call_attempt.idempotency_key, 0));

  -- After 10 minutes a key no longer replays; a key whose attempt a stopped server left pending is
  -- free too.
  update public.phone_call_attempts a
  set idempotency_key = null
  where a.idempotency_key = claim_phone_call_attempt.idempotency_key
    and a.created_at < now() - interval '10 minutes';
  update public.phone_call_attempts a
  set outcome = 'unknown', finished_at = now(), idempotency_key = null
  where a.idempotency_key = claim_phone_call_attempt.idempotency_key
    and a.outcome = 'pending'
    and a.created_at < now() - make_interval(secs => claim_phone_call_attempt.stale_after_seconds);

  select * into v_row
  from public.phone_call_attempts a
  where a.idempotency_key = claim_phone_call_attempt.idempotency_key;
  if found then
    if v_row.prospect_slug <> claim_phone_call_attempt.prospect_slug
      or v_row.number_hash <> claim_phone_call_attempt.number_hash then
      return jsonb_build_object('state', 'mismatch');
    end if;
    if v_row.outcome = 'pending' then
      return jsonb_build_object('state', 'pending');
    end if;
    return jsonb_build_object(
      'state', 'finished',
      'outcome', v_row.outcome,
      'httpStatus', v_row.http_status,
      'errorCode', v_row.error_code,
      'errorMessage', v_row.error_message,
      'callId', v_row.call_id
    );
  end if;

  v_limit := public.check_rate_limits(claim_phone_call_attempt.buckets);
  if not (v_limit ->> 'allowed')::boolean then
    return jsonb_build_object(
      'state', 'limited',
      'blocked', v_limit -> 'blocked',
      'retryAfterSeconds', v_limit -> 'retryAfterSeconds'
    );
  end if;

  perform public.prune_call_records(claim_phone_call_attempt.retention_days, 50);
  insert into public.phone_call_attempts
    (idempotency_key, prospect_slug, country, number_hash, client_ip_hash, assistant_id)
  values
    (claim_phone_call_attempt.idempotency_key, claim_phone_call_attempt.prospect_slug,
     claim_phone_call_attempt.country, claim_phone_call_attempt.number_hash,
     claim_phone_call_attempt.client_ip_hash, claim_phone_call_attempt.assistant_id)
  returning id into v_id;
  return jsonb_build_object('state', 'started', 'attemptId', v_id);
end;
$$;

comment on function public.claim_phone_call_attempt(text, text, text, text, text, text, jsonb, integer, integer) is
  'Claims an idempotency key and checks the limits for a phone call, recording only what is let through; service_role only.';

revoke all on function public.claim_phone_call_attempt(text, text, text, text, text, text, jsonb, integer, integer)
  from public, anon, authenticated;

grant execute on function public.claim_phone_call_attempt(text, text, text, text, text, text, jsonb, integer, integer)
  to service_role;
