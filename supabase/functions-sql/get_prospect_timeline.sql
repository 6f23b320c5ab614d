-- The rep's timeline lists what the agent did, beside the events and the call reports.
create or replace function public.get_prospect_timeline(slug text, at timestamptz, rules jsonb, max_entries integer)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_summary record;
  v_entries jsonb;
begin
  select p.id into v_id from public.prospects p where p.slug = get_prospect_timeline.slug;
  if v_id is null then
    return null;
  end if;
  select s.stage, s.hot into v_summary
  from public.engagement_summaries(v_id, get_prospect_timeline.at, get_prospect_timeline.rules) s;
  select coalesce(jsonb_agg(t.entry order by t.at desc, t.tie desc), '[]'::jsonb) into v_entries
  from (
    select * from (
      select e.at, e.id as tie, jsonb_build_object(
        'kind', 'event', 'at', e.at, 'name', e.name, 'visit', e.visit_id, 'detail', e.detail
      ) as entry
      from public.engagement_events e where e.prospect_id = v_id
      union all
      -- A report is the summing-up of its call: on a tie it comes above the call's own events.
      select coalesce(r.ended_at, r.received_at), 9223372036854775807, jsonb_build_object(
        'kind', 'call_report', 'at', coalesce(r.ended_at, r.received_at), 'source', r.source,
        'seconds', r.seconds, 'ended_reason', r.ended_reason, 'summary', r.summary,
        'transcript', r.transcript
      )
      from public.call_reports r where r.prospect_id = v_id
      union all
      select a.created_at, a.id, jsonb_build_object(
        'kind', 'demo_action', 'at', a.created_at, 'source', d.source, 'id', a.id,
        'action_kind', a.kind, 'detail', a.detail
      )
      from public.demo_actions a join public.demo_calls d on d.call_id = a.call_id
      where d.prospect_id = v_id and a.kind is not null
    ) u
    order by u.at desc, u.tie desc
    limit greatest(1, least(coalesce(get_prospect_timeline.max_entries, 200), 1000))
  ) t;
  return jsonb_build_object(
    'slug', get_prospect_timeline.slug,
    'stage', coalesce(v_summary.stage, get_prospect_timeline.rules -> 'stages' ->> 0),
    'hot', coalesce(v_summary.hot, false),
    'entries', v_entries
  );
end;
$$;

revoke all on function public.get_prospect_timeline(text, timestamptz, jsonb, integer) from public, anon, authenticated;

grant execute on function public.get_prospect_timeline(text, timestamptz, jsonb, integer) to service_role;
