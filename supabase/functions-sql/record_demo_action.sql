-- Keeps one answered tool call and what it did to the calendar (`change`: `{ op: book | move |
-- cancel, appointment }`), all or nothing. Answers `recorded` with the action's id; `answered` with
-- the first answer when the tool call was answered meanwhile; `taken` when the time was booked
-- meanwhile in the same visit (nothing kept, so the agent can offer another).
create or replace function public.record_demo_action(
  call_id text, scope text, tool_call_id text, tool text, kind text, detail jsonb, result text,
  change jsonb, at timestamptz
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id bigint;
  v_prospect uuid;
  v_appointment jsonb := record_demo_action.change -> 'appointment';
begin
  select d.prospect_id into v_prospect from public.demo_calls d where d.call_id = record_demo_action.call_id;
  begin
    if record_demo_action.change ->> 'op' = 'book' then
      insert into public.demo_appointments (scope, reference, prospect_id, start, minutes, name, reason, created_at)
      values (record_demo_action.scope, v_appointment ->> 'reference', v_prospect, v_appointment ->> 'start',
              (v_appointment ->> 'minutes')::integer, v_appointment ->> 'name', v_appointment ->> 'reason',
              record_demo_action.at);
    elsif record_demo_action.change ->> 'op' = 'move' then
      update public.demo_appointments a set start = v_appointment ->> 'start'
      where a.scope = record_demo_action.scope and a.reference = v_appointment ->> 'reference';
    elsif record_demo_action.change ->> 'op' = 'cancel' then
      update public.demo_appointments a set cancelled = true
      where a.scope = record_demo_action.scope and a.reference = v_appointment ->> 'reference';
    end if;
    insert into public.demo_actions (call_id, tool_call_id, tool, kind, detail, result, created_at)
    values (record_demo_action.call_id, record_demo_action.tool_call_id, record_demo_action.tool,
            record_demo_action.kind, record_demo_action.detail, record_demo_action.result, record_demo_action.at)
    returning id into v_id;
  exception when unique_violation then
    if exists (select 1 from public.demo_actions a where a.tool_call_id = record_demo_action.tool_call_id) then
      return jsonb_build_object('status', 'answered', 'result', (
        select a.result from public.demo_actions a where a.tool_call_id = record_demo_action.tool_call_id
      ));
    end if;
    return jsonb_build_object('status', 'taken');
  end;
  return jsonb_build_object('status', 'recorded', 'id', v_id);
end;
$$;

revoke all on function public.record_demo_action(text, text, text, text, text, jsonb, text, jsonb, timestamptz)
  from public, anon, authenticated;

grant execute on function public.record_demo_action(text, text, text, text, text, jsonb, text, jsonb, timestamptz)
  to service_role;
