-- The funnel, its site split from the first and last opens the stage times keep.
create or replace function public.get_activity_funnel(
  query text,
  owner_id uuid,
  since timestamptz,
  until timestamptz,
  weeks integer,
  rules jsonb
)
returns jsonb
language plpgsql
set search_path = ''
set work_mem = '32MB'
-- Compiling the query (JIT) would cost more than running it: the planner's guess for the opens looked up
-- one by one sets it off, and it took 200 ms for 40 ms of work at 100,000 prospects.
set jit = off
as $$
declare
  v_trend_from timestamptz;
  v_weeks integer := greatest(least(coalesce(get_activity_funnel.weeks, 8), 26), 1);
  v_visitor uuid := (select p.id from public.prospects p where p.slug = 'visitor');
  v_result jsonb;
begin
  perform public.ensure_stage_times(get_activity_funnel.rules);
  -- The trend's weeks end with the one `until` falls in (Mondays, UTC).
  v_trend_from := date_trunc('week', get_activity_funnel.until - interval '1 microsecond', 'UTC')
    - make_interval(weeks => v_weeks - 1);

  with scope as (
    select t.prospect_id, t.owner_id, t.template, t.sent_at, t.opened_at, t.tried_demo_at, t.asked_call_at,
      t.booked_at, t.first_open_at, t.first_open_origin, t.last_open_at
    from public.prospect_stage_times t
    where t.prospect_id is distinct from v_visitor
      and (get_activity_funnel.owner_id is null or t.owner_id = get_activity_funnel.owner_id)
      and (coalesce(get_activity_funnel.query, '') = '' or exists (
        select from public.prospects p
        where p.id = t.prospect_id
          and strpos(lower(p.slug || ' ' || p.name || ' ' || p.company_name), lower(get_activity_funnel.query)) > 0))
  ),
  -- The furthest stage within the period, and each stage's week of the trend (0 = the first), null
  -- outside it. The weeks from seconds as a float (date_part): exact at microseconds over 26 weeks, and
  -- cheaper than the numeric extract() gives.
  placed as (
    select s.prospect_id, s.owner_id, s.template, s.first_open_at, s.first_open_origin, s.last_open_at,
      case
        when s.booked_at >= get_activity_funnel.since and s.booked_at < get_activity_funnel.until then 4
        when s.asked_call_at >= get_activity_funnel.since and s.asked_call_at < get_activity_funnel.until then 3
        when s.tried_demo_at >= get_activity_funnel.since and s.tried_demo_at < get_activity_funnel.until then 2
        when s.opened_at >= get_activity_funnel.since and s.opened_at < get_activity_funnel.until then 1
        when s.sent_at >= get_activity_funnel.since and s.sent_at < get_activity_funnel.until then 0
      end as prank,
      w.w0, w.w1, w.w2, w.w3, w.w4
    from scope s
      cross join lateral (
        select
          case when s.sent_at >= v_trend_from and s.sent_at < get_activity_funnel.until
            then floor(date_part('epoch', s.sent_at - v_trend_from) / 604800)::integer end as w0,
          case when s.opened_at >= v_trend_from and s.opened_at < get_activity_funnel.until
            then floor(date_part('epoch', s.opened_at - v_trend_from) / 604800)::integer end as w1,
          case when s.tried_demo_at >= v_trend_from and s.tried_demo_at < get_activity_funnel.until
            then floor(date_part('epoch', s.tried_demo_at - v_trend_from) / 604800)::integer end as w2,
          case when s.asked_call_at >= v_trend_from and s.asked_call_at < get_activity_funnel.until
            then floor(date_part('epoch', s.asked_call_at - v_trend_from) / 604800)::integer end as w3,
          case when s.booked_at >= v_trend_from and s.booked_at < get_activity_funnel.until
            then floor(date_part('epoch', s.booked_at - v_trend_from) / 604800)::integer end as w4
      ) w
  ),
  -- A stage counts in its week only when no later stage was reached in the same week: the week's
  -- furthest stage holds the ones before it.
  weekly as (
    select p.*,
      case when p.w0 is distinct from p.w1 and p.w0 is distinct from p.w2 and p.w0 is distinct from p.w3
        and p.w0 is distinct from p.w4 then p.w0 end as k0,
      case when p.w1 is distinct from p.w2 and p.w1 is distinct from p.w3 and p.w1 is distinct from p.w4
        then p.w1 end as k1,
      case when p.w2 is distinct from p.w3 and p.w2 is distinct from p.w4 then p.w2 end as k2,
      case when p.w3 is distinct from p.w4 then p.w3 end as k3,
      p.w4 as k4
    from placed p
    where p.prank is not null or p.w0 is not null or p.w1 is not null or p.w2 is not null
      or p.w3 is not null or p.w4 is not null
  ),
  sets as (
    select
      grouping(w.owner_id, w.template, w.prank, w.k0, w.k1, w.k2, w.k3, w.k4) as g,
      w.owner_id, w.template, w.prank, w.k0, w.k1, w.k2, w.k3, w.k4, count(*)::integer as n
    from weekly w
    group by grouping sets ((w.prank), (w.owner_id, w.prank), (w.template, w.prank),
      (w.k0), (w.k1), (w.k2), (w.k3), (w.k4))
  ),
  -- Bits of `g`, from the left: owner, template, prank, k0 … k4 (1 = not grouped by it).
  exact as (
    select 'total' as dim, null::text as key, s.prank as rank, s.n
    from sets s where s.g = 223 and s.prank is not null
    union all
    select 'rep', coalesce(s.owner_id::text, ''), s.prank, s.n
    from sets s where s.g = 95 and s.prank is not null
    union all
    select 'kind', coalesce(s.template, ''), s.prank, s.n
    from sets s where s.g = 159 and s.prank is not null
    union all
    select 'week', to_char((v_trend_from + make_interval(weeks => x.week)) at time zone 'UTC', 'YYYY-MM-DD'),
      x.rank, s.n
    from sets s
      cross join lateral (
        select case s.g when 239 then s.k0 when 247 then s.k1 when 251 then s.k2 when 253 then s.k3
          when 254 then s.k4 end as week,
          case s.g when 239 then 0 when 247 then 1 when 251 then 2 when 253 then 3 when 254 then 4 end as rank
      ) x
    where s.g in (239, 247, 251, 253, 254) and x.week is not null
    union all
    -- Where each prospect first opened its demo in the period: the origin its browser sent (its first and
    -- last opens are kept with the stage times, so only a prospect that opened both before and since the
    -- period's start is looked up in its own events).
    select 'site', o.origin, o.prank, count(*)::integer
    from (
      select p.prank,
        case when p.first_open_at >= get_activity_funnel.since then p.first_open_origin
        else (
          select coalesce(e.detail ->> 'origin', '')
          from public.engagement_events e
          where e.prospect_id = p.prospect_id and e.name = 'page_opened'
            and e.at >= get_activity_funnel.since and e.at < get_activity_funnel.until
          order by e.at, e.id
          limit 1
        ) end as origin
      from placed p
      where p.prank is not null and p.first_open_at < get_activity_funnel.until
        and p.last_open_at >= get_activity_funnel.since
    ) o
    where o.origin is not null
    group by o.origin, o.prank
  ),
  -- Counted at each exact stage first (a few rows), then each stage with the ones after it.
  counted as (
    select x.dim, x.key, k.rank, sum(x.n)::integer as n
    from exact x join generate_series(0, 4) k (rank) on x.rank >= k.rank
    group by x.dim, x.key, k.rank
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'dim', c.dim, 'key', c.key, 'rank', c.rank, 'n', c.n,
      'label', case when c.dim = 'rep' and c.key <> '' then (select rp.email from public.reps rp where rp.id::text = c.key) end
    ) order by c.dim, c.key, c.rank), '[]'::jsonb)
  into v_result
  from counted c;
  return v_result;
end;
$$;

revoke all on function public.get_activity_funnel(text, uuid, timestamptz, timestamptz, integer, jsonb)
  from public, anon, authenticated;

grant execute on function public.get_activity_funnel(text, uuid, timestamptz, timestamptz, integer, jsonb)
  to service_role;
