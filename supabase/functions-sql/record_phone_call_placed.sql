-- The fact that the server placed a prospect's "Call Me" call (`phone_call_placed`, recorded as
-- record_engagement_fact records it) and, in the same transaction, its `asked` nudge
-- (`dedupe_minutes` not null; `link`: the rep's page of the prospect, or null): the nudge exists exactly
-- when the fact does. A call the team placed to try the agent is never recorded here, so never nudged.
-- {"status": "recorded" | "unknown_prospect", "nudged": bool}.
create or replace function public.record_phone_call_placed(
  prospect_slug text, visit_id text, dedupe_minutes integer, link text, at timestamptz
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_recorded jsonb;
  v_prospect uuid;
  v_nudged boolean := false;
begin
  v_recorded := public.record_engagement_fact(record_phone_call_placed.prospect_slug, 'phone_call_placed',
    record_phone_call_placed.visit_id, '{}'::jsonb, record_phone_call_placed.at);
  if v_recorded ->> 'status' <> 'recorded' then
    return v_recorded || jsonb_build_object('nudged', false);
  end if;
  if record_phone_call_placed.dedupe_minutes is not null then
    select p.id into v_prospect from public.prospects p where p.slug = record_phone_call_placed.prospect_slug;
    v_nudged := public.enqueue_nudge(v_prospect, 'asked', null, record_phone_call_placed.dedupe_minutes,
      record_phone_call_placed.link, record_phone_call_placed.at);
  end if;
  return v_recorded || jsonb_build_object('nudged', v_nudged);
end;
$$;

revoke all on function public.record_phone_call_placed(text, text, integer, text, timestamptz)
  from public, anon, authenticated;

grant execute on function public.record_phone_call_placed(text, text, integer, text, timestamptz) to service_role;
