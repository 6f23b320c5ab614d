-- Each prospect's stage and hot, as of `at`, with what the rollup keeps: one row per prospect with
-- any activity (`only_prospect_id` null: every such prospect; else that one, or no row).
--   stage  the furthest stage any event or report reached (`stages[0]` when there is none);
--   hot    within `hot_within_hours` before `at`: reached `hot_min_stage` or further (a stage further
--          than any reached before the window: a demo tried last month and a short call today is not
--          new progress, a booking today after that demo is), or opened the page on `hot_min_visits`
--          visits, or talked `hot_min_talk_seconds` in all. Any of these implies activity within the
--          window, so only the prospects active in it are looked at again, from their recent rows.
create or replace function public.engagement_summaries(only_prospect_id uuid, at timestamptz, rules jsonb)
returns table (
  prospect_id uuid, latest_at timestamptz, stage text, hot boolean, visits integer, talk_seconds integer
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_since timestamptz;
  v_stage_of text;
begin
  if rules is null or jsonb_typeof(rules -> 'stages') is distinct from 'array'
    or (rules ->> 'hot_within_hours') is null or (rules ->> 'hot_min_visits') is null
    or (rules ->> 'hot_min_talk_seconds') is null or (rules ->> 'hot_min_stage') is null then
    raise exception 'rules must name the stages and the hot rule''s constants' using errcode = '22023';
  end if;
  v_since := engagement_summaries.at - make_interval(hours => (rules ->> 'hot_within_hours')::integer);
  -- The stage of a rollup row, furthest first: `case when firsts ?| array[kinds of booked] then
  -- 'booked' when … else 'sent' end`, built from `rules` once rather than looked up per row.
  select 'case ' || coalesce(string_agg(format('when ro.firsts ?| %L then %L', k.kinds, k.stage), ' '
      order by k.rank desc), '') || format(' else %L end', rules -> 'stages' ->> 0)
  into v_stage_of
  from (
    select s.stage, s.n as rank, array_agg(m.kind) as kinds
    from jsonb_array_elements_text(rules -> 'stages') with ordinality as s (stage, n)
      join (
        select e.key as kind, e.value as stage from jsonb_each_text(rules -> 'stage_of_event') e
        union all
        select 'call:' || c.key, c.value from jsonb_each_text(rules -> 'stage_of_call') c
      ) m on m.stage = s.stage
    group by s.stage, s.n
  ) k;
  return query execute format($q$
    with ranks as (
      select s.stage, s.n::integer as rank
      from jsonb_array_elements_text($2 -> 'stages') with ordinality as s (stage, n)
    ),
    kind_ranks as (
      select m.key as kind, r.rank from jsonb_each_text($2 -> 'stage_of_event') m join ranks r on r.stage = m.value
      union all
      select 'call:' || m.key, r.rank from jsonb_each_text($2 -> 'stage_of_call') m join ranks r on r.stage = m.value
    ),
    base as (
      select ro.prospect_id, ro.latest_at, ro.firsts, ro.visits, ro.talk_seconds, %1$s as stage
      from public.engagement_rollups ro
      where $3::uuid is null or ro.prospect_id = $3::uuid
    ),
    recent as (select b.prospect_id, b.firsts from base b where b.latest_at > $4),
    -- Per recent prospect: the furthest stage reached before the window and at all; the visits that
    -- opened the page within the window and the time talked within it.
    progress as (
      select r.prospect_id,
        coalesce(max(k.rank) filter (where f.value::timestamptz <= $4), 0) as before_rank,
        coalesce(max(k.rank), 0) as rank
      from recent r cross join jsonb_each_text(r.firsts) f join kind_ranks k on k.kind = f.key
      group by r.prospect_id
    ),
    windowed as (
      select v.prospect_id, (count(*) filter (where v.opened))::integer as visits, sum(v.talk_seconds) as talk
      from public.engagement_visits(array(select prospect_id from recent), $4) v
      group by v.prospect_id
    )
    select b.prospect_id, b.latest_at, b.stage,
      coalesce(
        -- The furthest stage is further than any before the window: it was reached within it.
        p.rank >= (select r.rank from ranks r where r.stage = $2 ->> 'hot_min_stage') and p.rank > p.before_rank
        or w.visits >= ($2 ->> 'hot_min_visits')::integer
        or w.talk >= ($2 ->> 'hot_min_talk_seconds')::integer,
      false),
      b.visits, b.talk_seconds
    from base b
      left join progress p on p.prospect_id = b.prospect_id
      left join windowed w on w.prospect_id = b.prospect_id
  $q$, v_stage_of)
  using engagement_summaries.at, rules, engagement_summaries.only_prospect_id, v_since;
end;
$$;

revoke all on function public.engagement_summaries(uuid, timestamptz, jsonb) from public, anon, authenticated;

grant execute on function public.engagement_summaries(uuid, timestamptz, jsonb) to service_role;
