-- Call reports and the nudges' outbox (tables: 20261202000000_engagement.sql). Storing an end-of-call
-- report queues its `talked` nudge in the same transaction; any server then delivers the outbox by
-- claiming due nudges under a lease and recording each one's result. The server passes `at`, its
-- clock, so the tests can move time without waiting.

-- Stores the voice platform's end-of-call report, once per call id: the platform retries and may send
-- a report twice, and the second must change nothing. The prospect is found by slug here, so a report
-- for an unknown prospect stores nothing. `nudge_dedupe_minutes` null: no nudge (nudges are off, or
-- the call was too short to be news); else a `talked` nudge with `link` is queued in this transaction.
-- {"status": "recorded" | "duplicate" | "unknown_prospect", "nudged": bool}.
create function public.record_call_report(
  call_id text, prospect_slug text, visit_id text, source text, started_at timestamptz, ended_at timestamptz,
  seconds integer, ended_reason text, summary text, transcript jsonb, nudge_dedupe_minutes integer,
  link text, at timestamptz
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_prospect uuid;
  v_call text;
  v_nudged boolean := false;
begin
  select p.id into v_prospect from public.prospects p where p.slug = record_call_report.prospect_slug;
  if v_prospect is null then
    return jsonb_build_object('status', 'unknown_prospect', 'nudged', false);
  end if;
  insert into public.call_reports (
    call_id, prospect_id, visit_id, source, started_at, ended_at, seconds, ended_reason, summary, transcript,
    received_at
  ) values (
    record_call_report.call_id, v_prospect, record_call_report.visit_id, record_call_report.source,
    record_call_report.started_at, record_call_report.ended_at, record_call_report.seconds,
    record_call_report.ended_reason, record_call_report.summary, record_call_report.transcript,
    record_call_report.at
  )
  on conflict (call_id) do nothing
  returning call_id into v_call;
  if v_call is null then
    return jsonb_build_object('status', 'duplicate', 'nudged', false);
  end if;
  if record_call_report.nudge_dedupe_minutes is not null then
    v_nudged := public.enqueue_nudge(
      v_prospect, 'talked', record_call_report.seconds, record_call_report.nudge_dedupe_minutes,
      record_call_report.link, record_call_report.at
    );
  end if;
  return jsonb_build_object('status', 'recorded', 'nudged', v_nudged);
end;
$$;

-- Claims up to `max_rows` due nudges (unsent, not given up, due by `at`, not leased by a live claim)
-- for `lease_seconds`: until then no other drainer claims them, so two drainers never send one
-- twice; a drainer that dies mid-send leaves the lease to expire, and the nudge is sent again after it.
-- `skip locked`: drainers claiming at once take different rows instead of waiting for each other.
-- {"nudges": [{"id", "text", "attempts"}], "next_at": the earliest time another one may be due, or null}.
create function public.claim_nudges(max_rows integer, lease_seconds integer, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_claimed jsonb;
  v_next timestamptz;
begin
  if max_rows is null or max_rows not between 1 and 100 or lease_seconds is null or lease_seconds < 1 then
    raise exception 'max_rows must be 1 to 100 and lease_seconds positive' using errcode = '22023';
  end if;
  with due as (
    select o.id from public.notification_outbox o
    where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= claim_nudges.at
      and (o.lease_until is null or o.lease_until <= claim_nudges.at)
    order by o.next_attempt_at, o.id
    limit claim_nudges.max_rows
    for update skip locked
  ), claimed as (
    update public.notification_outbox o
    set lease_until = claim_nudges.at + make_interval(secs => claim_nudges.lease_seconds)
    from due where o.id = due.id
    returning o.id, o.text, o.attempts, o.next_attempt_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'text', c.text, 'attempts', c.attempts)
    order by c.next_attempt_at, c.id), '[]'::jsonb)
  into v_claimed from claimed c;
  select min(greatest(o.next_attempt_at, coalesce(o.lease_until, o.next_attempt_at))) into v_next
  from public.notification_outbox o where o.sent_at is null and o.failed_at is null;
  return jsonb_build_object('nudges', v_claimed, 'next_at', v_next);
end;
$$;

-- Records one delivery attempt of a claimed nudge and ends its lease. `ok`: it was delivered. Else it
-- is tried again after a backoff that doubles from 30 s up to an hour, and given up (`failed_at`) at
-- the 30th failed attempt, about a day after the first: long enough to outlast an outage of the chat,
-- short enough that a revoked webhook (Slack answers 404 or 410) stops being tried.
-- A nudge already sent or given up is left as it is. {"state": "sent" | "retry" | "failed" | "gone",
-- "next_attempt_at": when it is tried again, or null}.
create function public.finish_nudge(id bigint, ok boolean, error text, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row public.notification_outbox;
begin
  update public.notification_outbox o
  set attempts = o.attempts + 1,
      lease_until = null,
      sent_at = case when finish_nudge.ok then finish_nudge.at end,
      last_error = case when finish_nudge.ok then o.last_error else left(finish_nudge.error, 500) end,
      next_attempt_at = case when finish_nudge.ok then o.next_attempt_at
        else finish_nudge.at + make_interval(secs => least(3600, 30 * power(2, least(o.attempts, 12)))) end,
      failed_at = case when not finish_nudge.ok and o.attempts + 1 >= 30 then finish_nudge.at end
  where o.id = finish_nudge.id and o.sent_at is null and o.failed_at is null
  returning * into v_row;
  if v_row.id is null then
    return jsonb_build_object('state', 'gone', 'next_attempt_at', null);
  end if;
  return jsonb_build_object(
    'state', case when v_row.sent_at is not null then 'sent' when v_row.failed_at is not null then 'failed' else 'retry' end,
    'next_attempt_at', case when v_row.sent_at is null and v_row.failed_at is null then v_row.next_attempt_at end
  );
end;
$$;

-- The leases a stopped server left: only for a server that is the database's one drainer (the
-- embedded database's data-directory lock), at its start, so what it was sending when it died goes
-- out now instead of after the lease. Returns how many were released.
create function public.release_nudge_leases()
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.notification_outbox o set lease_until = null
  where o.lease_until is not null and o.sent_at is null and o.failed_at is null;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on function public.record_call_report(
  text, text, text, text, timestamptz, timestamptz, integer, text, text, jsonb, integer, text, timestamptz
) from public, anon, authenticated;
revoke all on function public.claim_nudges(integer, integer, timestamptz) from public, anon, authenticated;
revoke all on function public.finish_nudge(bigint, boolean, text, timestamptz) from public, anon, authenticated;
revoke all on function public.release_nudge_leases() from public, anon, authenticated;
grant execute on function public.record_call_report(
  text, text, text, text, timestamptz, timestamptz, integer, text, text, jsonb, integer, text, timestamptz
) to service_role;
grant execute on function public.claim_nudges(integer, integer, timestamptz) to service_role;
grant execute on function public.finish_nudge(bigint, boolean, text, timestamptz) to service_role;
grant execute on function public.release_nudge_leases() to service_role;
