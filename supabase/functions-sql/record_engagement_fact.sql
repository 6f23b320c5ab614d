-- A fact the server learnt itself (`phone_call_placed`, `video_call_placed`), stored as an event of `visit_id` (its visit,
-- or an id of its own) at `at`: {"status": "recorded" | "unknown_prospect"}.
create or replace function public.record_engagement_fact(
  prospect_slug text, name text, visit_id text, detail jsonb, at timestamptz
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_prospect uuid;
begin
  if record_engagement_fact.name is null or record_engagement_fact.name not in ('phone_call_placed', 'video_call_placed') then
    raise exception 'only the server''s own facts are recorded here' using errcode = '22023';
  end if;
  select p.id into v_prospect from public.prospects p
  where p.slug = record_engagement_fact.prospect_slug and p.slug <> 'visitor';
  if v_prospect is null then
    return jsonb_build_object('status', 'unknown_prospect');
  end if;
  insert into public.engagement_events (prospect_id, name, visit_id, detail, at)
  values (v_prospect, record_engagement_fact.name, record_engagement_fact.visit_id,
    coalesce(record_engagement_fact.detail, '{}'), record_engagement_fact.at);
  return jsonb_build_object('status', 'recorded');
end;
$$;

revoke all on function public.record_engagement_fact(text, text, text, jsonb, timestamptz)
  from public, anon, authenticated;

grant execute on function public.record_engagement_fact(text, text, text, jsonb, timestamptz) to service_role;
