-- The funnel's site split without reading the period's events.
--
-- "Where the demo was seen" counts each prospect by the origin of its first page open in the period.
-- Finding those among the period's events (a sort of every open in it: 100,000 rows for 30 days of a
-- 100,000-prospect team) was about a third of the funnel's time. Most prospects counted opened for the
-- first time in the period, so the stage times now also keep each prospect's first page open of all
-- (when, and the origin its browser sent) and its last: when the first falls in the period it is the
-- period's first open, and when the last falls before the period there is none in it. Only a prospect
-- that opened both before and since the period's start is looked up in its own events (an index read
-- of a few rows). Of two opens at one instant, the one written first counts, in both ways.
alter table public.prospect_stage_times
  add column first_open_at timestamptz,
  add column first_open_origin text,
  add column last_open_at timestamptz;

-- Every prospect's first and last page open, from the events ('' when its browser sent no origin).
create function public.prospect_page_opens()
returns table (prospect_id uuid, first_at timestamptz, first_origin text, last_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select distinct on (e.prospect_id) e.prospect_id, e.at, coalesce(e.detail ->> 'origin', ''),
    max(e.at) over (partition by e.prospect_id)
  from public.engagement_events e
  where e.name = 'page_opened'
  order by e.prospect_id, e.at, e.id;
$$;

-- The opens of the prospects named, read again from their events (after opens were removed or
-- changed): none when no open is left.
create function public.refresh_page_opens(prospect_ids uuid[]) returns void
language sql
volatile
set search_path = ''
as $$
  update public.prospect_stage_times t
  set first_open_at = x.first_at, first_open_origin = x.first_origin, last_open_at = x.last_at
  from (
    select k.prospect_id, o.first_at, o.first_origin, o.last_at
    from public.prospect_stage_times k
      left join lateral (
        select f.at as first_at, f.origin as first_origin, (
            select max(l.at) from public.engagement_events l where l.prospect_id = k.prospect_id and l.name = 'page_opened'
          ) as last_at
        from (
          select e.at, coalesce(e.detail ->> 'origin', '') as origin
          from public.engagement_events e
          where e.prospect_id = k.prospect_id and e.name = 'page_opened'
          order by e.at, e.id
          limit 1
        ) f
      ) o on true
    where k.prospect_id = any (refresh_page_opens.prospect_ids)
  ) x
  where t.prospect_id = x.prospect_id
    and (t.first_open_at, t.first_open_origin, t.last_open_at)
      is distinct from (x.first_at, x.first_origin, x.last_at);
$$;

-- New opens: a prospect's earliest among them comes first when earlier than the one kept (one at the
-- same instant was written after it), its latest last when later.
create function public.events_page_opens_added() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.prospect_stage_times t
  set (first_open_at, first_open_origin) = (
      select case when t.first_open_at is null or n.first_at < t.first_open_at then n.first_at else t.first_open_at end,
        case when t.first_open_at is null or n.first_at < t.first_open_at then n.first_origin else t.first_open_origin end
    ),
    last_open_at = greatest(t.last_open_at, n.last_at)
  from (
    select distinct on (r.prospect_id) r.prospect_id, r.at as first_at,
      coalesce(r.detail ->> 'origin', '') as first_origin, max(r.at) over (partition by r.prospect_id) as last_at
    from new_rows r
    where r.name = 'page_opened'
    order by r.prospect_id, r.at, r.id
  ) n
  where t.prospect_id = n.prospect_id
    and (t.first_open_at is null or n.first_at < t.first_open_at or n.last_at > t.last_open_at);
  return null;
end;
$$;

-- Opens removed with their prospect (a delete cascading, one statement per prospect) leave nothing
-- to read again: only those of prospects still there are.
create function public.events_page_opens_removed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_ids uuid[] := array(
    select distinct o.prospect_id from old_rows o
    where o.name = 'page_opened' and exists (select from public.prospects p where p.id = o.prospect_id)
  );
begin
  if cardinality(v_ids) > 0 then
    perform public.refresh_page_opens(v_ids);
  end if;
  return null;
end;
$$;

create function public.events_page_opens_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform public.refresh_page_opens(array(
    select o.prospect_id from old_rows o where o.name = 'page_opened'
    union
    select n.prospect_id from new_rows n where n.name = 'page_opened'
  ));
  return null;
end;
$$;

create trigger events_page_opens_added after insert on public.engagement_events
  referencing new table as new_rows for each statement execute function public.events_page_opens_added();
create trigger events_page_opens_removed after delete on public.engagement_events
  referencing old table as old_rows for each statement execute function public.events_page_opens_removed();
create trigger events_page_opens_changed after update on public.engagement_events
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.events_page_opens_changed();

-- A new prospect's row starts with its opens: none, unless its facts came before it (a prospect
-- brought back with what it did).
create or replace function public.prospects_stage_times_added() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_rules jsonb := (select f.rules from public.funnel_stage_rules f limit 1);
begin
  if v_rules is null then return null; end if;
  insert into public.prospect_stage_times as t (prospect_id, owner_id, template, sent_at, opened_at, tried_demo_at,
    asked_call_at, booked_at, first_open_at, first_open_origin, last_open_at)
  select n.id, n.owner_id, n.template, x.at[1], x.at[2], x.at[3], x.at[4], x.at[5],
    o.first_at, o.first_origin, o.last_at
  from new_rows n
    left join public.engagement_rollups ro on ro.prospect_id = n.id
    cross join lateral (select public.stage_times_of(ro.firsts, n.created_at, v_rules) as at) x
    left join lateral (
      select f.at as first_at, f.origin as first_origin, (
          select max(l.at) from public.engagement_events l where l.prospect_id = n.id and l.name = 'page_opened'
        ) as last_at
      from (
        select e.at, coalesce(e.detail ->> 'origin', '') as origin
        from public.engagement_events e
        where e.prospect_id = n.id and e.name = 'page_opened'
        order by e.at, e.id
        limit 1
      ) f
    ) o on true
  order by n.id
  on conflict (prospect_id) do update set owner_id = excluded.owner_id, template = excluded.template,
    sent_at = excluded.sent_at, opened_at = excluded.opened_at, tried_demo_at = excluded.tried_demo_at,
    asked_call_at = excluded.asked_call_at, booked_at = excluded.booked_at,
    first_open_at = excluded.first_open_at, first_open_origin = excluded.first_open_origin,
    last_open_at = excluded.last_open_at;
  return null;
end;
$$;

-- The table, built again when the rules change, with the opens.
create or replace function public.ensure_stage_times(rules jsonb) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_rules jsonb;
begin
  if jsonb_typeof(ensure_stage_times.rules -> 'stages') is distinct from 'array'
    or jsonb_array_length(ensure_stage_times.rules -> 'stages') <> 5 then
    raise exception 'the funnel counts five stages; the rules name %', ensure_stage_times.rules -> 'stages';
  end if;
  with ranks as (
    select s.stage, s.n::integer - 1 as rank
    from jsonb_array_elements_text(ensure_stage_times.rules -> 'stages') with ordinality as s (stage, n)
  )
  select jsonb_build_object('stages', 5, 'ranks', coalesce(jsonb_object_agg(k.kind, k.rank), '{}'::jsonb))
  into v_rules
  from (
    select m.key as kind, r.rank
    from jsonb_each_text(ensure_stage_times.rules -> 'stage_of_event') m join ranks r on r.stage = m.value
    union all
    select 'call:' || m.key, r.rank
    from jsonb_each_text(ensure_stage_times.rules -> 'stage_of_call') m join ranks r on r.stage = m.value
  ) k;
  if exists (select from public.funnel_stage_rules f where f.rules = v_rules) then
    return;
  end if;
  lock table public.funnel_stage_rules in access exclusive mode;
  if exists (select from public.funnel_stage_rules f where f.rules = v_rules) then
    return;
  end if;
  delete from public.funnel_stage_rules;
  insert into public.funnel_stage_rules (rules) values (v_rules);
  delete from public.prospect_stage_times;
  insert into public.prospect_stage_times (
    prospect_id, owner_id, template, sent_at, opened_at, tried_demo_at, asked_call_at, booked_at,
    first_open_at, first_open_origin, last_open_at
  )
  select p.id, p.owner_id, p.template, x.at[1], x.at[2], x.at[3], x.at[4], x.at[5],
    o.first_at, o.first_origin, o.last_at
  from public.prospects p
    left join public.engagement_rollups ro on ro.prospect_id = p.id
    cross join lateral (select public.stage_times_of(ro.firsts, p.created_at, v_rules) as at) x
    left join public.prospect_page_opens() o on o.prospect_id = p.id;
end;
$$;

-- What is kept already gets its opens now.
update public.prospect_stage_times t
set first_open_at = o.first_at, first_open_origin = o.first_origin, last_open_at = o.last_at
from public.prospect_page_opens() o
where o.prospect_id = t.prospect_id;

-- The funnel, as before (same arguments, same rows), its site split from the opens kept above.
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
    -- Where each prospect first opened its demo in the period: the origin its browser sent (see above
    -- for the opens kept with the stage times).
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

revoke all on function public.prospect_page_opens() from public, anon, authenticated;
revoke all on function public.refresh_page_opens(uuid[]) from public, anon, authenticated;
revoke all on function public.events_page_opens_added() from public, anon, authenticated;
revoke all on function public.events_page_opens_removed() from public, anon, authenticated;
revoke all on function public.events_page_opens_changed() from public, anon, authenticated;
