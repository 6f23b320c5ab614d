-- Starts one tool call: its answer if it was answered before; else the call bound to its prospect and
-- visit (refused for another), counted against the limits, with what the tools need: the prospect's
-- details and the visit's appointments.
create or replace function public.begin_demo_tool_call(
  call_id text, slug text, visit_id text, source text, tool_call_id text, at timestamptz,
  max_per_call integer, max_per_window integer, window_seconds integer
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_done record;
  v_prospect public.prospects;
  v_call public.demo_calls;
  v_scope text := coalesce(begin_demo_tool_call.visit_id, 'call:' || begin_demo_tool_call.call_id);
begin
  select a.result, a.kind, a.detail into v_done
  from public.demo_actions a where a.tool_call_id = begin_demo_tool_call.tool_call_id;
  if found then
    return jsonb_build_object('status', 'answered', 'result', v_done.result);
  end if;
  select * into v_prospect from public.prospects p where p.slug = begin_demo_tool_call.slug;
  if not found then
    return jsonb_build_object('status', 'unknown_prospect');
  end if;
  insert into public.demo_calls as d (call_id, prospect_id, visit_id, source, window_started_at, created_at)
  values (begin_demo_tool_call.call_id, v_prospect.id, begin_demo_tool_call.visit_id,
          begin_demo_tool_call.source, begin_demo_tool_call.at, begin_demo_tool_call.at)
  on conflict on constraint demo_calls_pkey do nothing;
  select * into v_call from public.demo_calls d where d.call_id = begin_demo_tool_call.call_id for update;
  if v_call.prospect_id <> v_prospect.id or v_call.visit_id is distinct from begin_demo_tool_call.visit_id then
    return jsonb_build_object('status', 'other_prospect');
  end if;
  if v_call.tool_calls >= begin_demo_tool_call.max_per_call then
    return jsonb_build_object('status', 'limited');
  end if;
  if begin_demo_tool_call.at >= v_call.window_started_at + make_interval(secs => begin_demo_tool_call.window_seconds) then
    update public.demo_calls d set window_started_at = begin_demo_tool_call.at, window_calls = 0
    where d.call_id = begin_demo_tool_call.call_id;
    v_call.window_calls := 0;
  end if;
  if v_call.window_calls >= begin_demo_tool_call.max_per_window then
    return jsonb_build_object('status', 'limited');
  end if;
  update public.demo_calls d set tool_calls = d.tool_calls + 1, window_calls = d.window_calls + 1
  where d.call_id = begin_demo_tool_call.call_id;
  return jsonb_build_object(
    'status', 'ok',
    'scope', v_scope,
    'prospect', jsonb_build_object(
      'slug', v_prospect.slug, 'name', v_prospect.name, 'company_name', v_prospect.company_name,
      'template', v_prospect.template, 'opening_hours', v_prospect.opening_hours
    ),
    'appointments', coalesce((
      select jsonb_agg(jsonb_build_object(
        'reference', a.reference, 'start', a.start, 'minutes', a.minutes, 'name', a.name, 'reason', a.reason
      ) order by a.start)
      from public.demo_appointments a where a.scope = v_scope and not a.cancelled
    ), '[]'::jsonb)
  );
end;
$$;

revoke all on function public.begin_demo_tool_call(text, text, text, text, text, timestamptz, integer, integer, integer)
  from public, anon, authenticated;

grant execute on function public.begin_demo_tool_call(text, text, text, text, text, timestamptz, integer, integer, integer)
  to service_role;
