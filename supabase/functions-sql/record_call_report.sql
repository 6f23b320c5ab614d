-- Stores the voice platform's end-of-call report, once per call id: the platform retries and may send
-- a report twice, and the second must change nothing. The prospect is found by slug here, so a report
-- for an unknown prospect stores nothing. `nudge_dedupe_minutes` null: no nudge (nudges are off, or
-- the call was too short to be news); else a `talked` nudge with `link` is queued in this transaction.
-- {"status": "recorded" | "duplicate" | "unknown_prospect", "nudged": bool}.
create or replace function public.record_call_report(
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

revoke all on function public.record_call_report(
  text, text, text, text, timestamptz, timestamptz, integer, text, text, jsonb, integer, text, timestamptz
) from public, anon, authenticated;

grant execute on function public.record_call_report(
  text, text, text, text, timestamptz, timestamptz, integer, text, text, jsonb, integer, text, timestamptz
) to service_role;
