-- One page of prospects (never the fallback `visitor`) with their engagement, newest activity first,
-- those with none last, then by company and slug. Filters as list_rep_prospects (`query` in slug,
-- name or company, case-insensitive; `owner_id`), and `stage` (exact, or null) and `hot_only`.
-- `page_size` null: every match (the CSV export). {"total": all matches, "prospects": [{slug, name,
-- company_name, owner: {id, email, role} | null, latest_at, stage, hot, visits, talk_seconds}]}.
-- Ordering needs every prospect's latest activity, so the summaries are computed in one pass over
-- the rollups, not per prospect.
create or replace function public.list_prospect_activity(
  query text, owner_id uuid, stage text, hot_only boolean, at timestamptz, rules jsonb,
  page_offset integer, page_size integer
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_query text := lower(coalesce(list_prospect_activity.query, ''));
  v_sent text := list_prospect_activity.rules -> 'stages' ->> 0;
  v_offset integer := greatest(coalesce(list_prospect_activity.page_offset, 0), 0);
  v_total integer;
  v_page jsonb;
begin
  -- The page is cut first and only its rows become JSON, in one aggregate (ordered as the page).
  select coalesce(jsonb_agg(jsonb_build_object(
      'slug', t.slug, 'name', t.name, 'company_name', t.company_name,
      'owner', (select jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role)
        from public.reps r where r.id = t.owner_id),
      'latest_at', t.latest_at, 'stage', t.stage, 'hot', t.hot,
      'visits', t.visits, 'talk_seconds', t.talk_seconds
    ) order by t.latest_at desc nulls last, lower(t.company_name), t.slug), '[]'::jsonb),
    max(t.total)
  into v_page, v_total
  from (
    with matches as (
      select p.slug, p.name, p.company_name, p.owner_id, s.latest_at,
        coalesce(s.stage, v_sent) as stage, coalesce(s.hot, false) as hot,
        coalesce(s.visits, 0) as visits, coalesce(s.talk_seconds, 0) as talk_seconds
      from public.prospects p
        left join public.engagement_summaries(null, list_prospect_activity.at, list_prospect_activity.rules) s
          on s.prospect_id = p.id
      where p.slug <> 'visitor'
        and (v_query = '' or strpos(lower(p.slug || ' ' || p.name || ' ' || p.company_name), v_query) > 0)
        and (list_prospect_activity.owner_id is null or p.owner_id = list_prospect_activity.owner_id)
    )
    select m.*, count(*) over () as total
    from matches m
    where (list_prospect_activity.stage is null or m.stage = list_prospect_activity.stage)
      and (not coalesce(list_prospect_activity.hot_only, false) or m.hot)
    order by m.latest_at desc nulls last, lower(m.company_name), m.slug
    offset v_offset
    limit case when list_prospect_activity.page_size is null then null
      else greatest(1, least(list_prospect_activity.page_size, 200)) end
  ) t;
  -- A page past the end holds no row to carry the count: count apart (only then).
  if v_total is null then
    v_total := 0;
    if v_offset > 0 then
      select count(*)::integer into v_total
      from public.prospects p
        left join public.engagement_summaries(null, list_prospect_activity.at, list_prospect_activity.rules) s
          on s.prospect_id = p.id
      where p.slug <> 'visitor'
        and (v_query = '' or strpos(lower(p.slug || ' ' || p.name || ' ' || p.company_name), v_query) > 0)
        and (list_prospect_activity.owner_id is null or p.owner_id = list_prospect_activity.owner_id)
        and (list_prospect_activity.stage is null or coalesce(s.stage, v_sent) = list_prospect_activity.stage)
        and (not coalesce(list_prospect_activity.hot_only, false) or coalesce(s.hot, false));
    end if;
  end if;
  return jsonb_build_object('total', v_total, 'prospects', v_page);
end;
$$;

revoke all on function public.list_prospect_activity(text, uuid, text, boolean, timestamptz, jsonb, integer, integer)
  from public, anon, authenticated;

grant execute on function public.list_prospect_activity(text, uuid, text, boolean, timestamptz, jsonb, integer, integer)
  to service_role;
