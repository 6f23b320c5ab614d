-- Stores a team call's report once per call id: {"status": "recorded" | "duplicate" | "unknown_prospect"}.
create or replace function public.record_team_call_report(
  call_id text, prospect_slug text, source text, ended_at timestamptz, seconds integer, ended_reason text,
  summary text, transcript jsonb, at timestamptz
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_prospect uuid;
  v_call text;
begin
  select p.id into v_prospect from public.prospects p where p.slug = record_team_call_report.prospect_slug;
  if v_prospect is null then
    return jsonb_build_object('status', 'unknown_prospect');
  end if;
  insert into public.team_call_reports (
    call_id, prospect_id, source, ended_at, seconds, ended_reason, summary, transcript, received_at
  ) values (
    record_team_call_report.call_id, v_prospect, record_team_call_report.source,
    record_team_call_report.ended_at, record_team_call_report.seconds, record_team_call_report.ended_reason,
    record_team_call_report.summary, record_team_call_report.transcript, record_team_call_report.at
  )
  on conflict (call_id) do nothing
  returning call_id into v_call;
  return jsonb_build_object('status', case when v_call is null then 'duplicate' else 'recorded' end);
end;
$$;

revoke all on function public.record_team_call_report(
  text, text, text, timestamptz, integer, text, text, jsonb, timestamptz
) from public, anon, authenticated;

grant execute on function public.record_team_call_report(
  text, text, text, timestamptz, integer, text, text, jsonb, timestamptz
) to service_role;
