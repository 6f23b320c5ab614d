-- The funnel from a narrow table: when each prospect first reached each stage, as typed times.
--
-- Reading the stages from the activity totals (engagement_rollups.firsts, a JSON object of text times)
-- cost about 300 ms at 100,000 prospects, most of it turning text into times; the same counts from typed
-- columns take a fifth of that. So the database keeps, per prospect, its owner, its kind of business
-- and when it first reached each of the five stages (sent: when it was created).
--
-- Which kind of fact reaches which stage is the product's rule, written in TypeScript and passed to the
-- funnel with each call. The database keeps a copy of the mapping it last built the table with
-- (funnel_stage_rules); a call with a different mapping rebuilds the table first, in the same
-- transaction, so the counts always follow the rules the server runs with. Until the first call there is
-- no copy and nothing is kept: the first call builds the table.
create table public.funnel_stage_rules (
  -- {"stages": 5, "ranks": {"page_opened": 1, "call:browser": 2, ...}}
  rules jsonb not null
);

create table public.prospect_stage_times (
  prospect_id uuid primary key references public.prospects (id) on delete cascade,
  owner_id uuid,
  template text,
  sent_at timestamptz not null,
  opened_at timestamptz,
  tried_demo_at timestamptz,
  asked_call_at timestamptz,
  booked_at timestamptz
);

alter table public.funnel_stage_rules enable row level security;
alter table public.prospect_stage_times enable row level security;
revoke all on table public.funnel_stage_rules from anon, authenticated;
revoke all on table public.prospect_stage_times from anon, authenticated;
grant select, insert, update, delete on table public.funnel_stage_rules to service_role;
grant select, insert, update, delete on table public.prospect_stage_times to service_role;

-- A prospect's stage times from its activity totals: created, then for each later stage the earliest
-- first time among the kinds of fact that reach it (null when none has happened).
create function public.stage_times_of(firsts jsonb, created_at timestamptz, rules jsonb)
returns timestamptz[]
language sql
stable
set search_path = ''
as $$
  select array_agg(
    case when g.r = 0 then stage_times_of.created_at else (
      select min((stage_times_of.firsts ->> m.key)::timestamptz)
      from jsonb_each_text(stage_times_of.rules -> 'ranks') m
      where m.value::integer = g.r and stage_times_of.firsts ? m.key
    ) end
    order by g.r
  )
  from generate_series(0, (stage_times_of.rules ->> 'stages')::integer - 1) g (r);
$$;

-- New prospects, and a changed owner or kind of business, once the table is being kept.
create function public.prospects_stage_times_added() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_rules jsonb := (select f.rules from public.funnel_stage_rules f limit 1);
begin
  if v_rules is null then return null; end if;
  insert into public.prospect_stage_times as t (prospect_id, owner_id, template, sent_at, opened_at, tried_demo_at, asked_call_at, booked_at)
  select n.id, n.owner_id, n.template, x.at[1], x.at[2], x.at[3], x.at[4], x.at[5]
  from new_rows n
    left join public.engagement_rollups ro on ro.prospect_id = n.id
    cross join lateral (select public.stage_times_of(ro.firsts, n.created_at, v_rules) as at) x
  order by n.id
  on conflict (prospect_id) do update set owner_id = excluded.owner_id, template = excluded.template,
    sent_at = excluded.sent_at, opened_at = excluded.opened_at, tried_demo_at = excluded.tried_demo_at,
    asked_call_at = excluded.asked_call_at, booked_at = excluded.booked_at;
  return null;
end;
$$;

create function public.prospects_stage_times_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.prospect_stage_times t
  set owner_id = n.owner_id, template = n.template, sent_at = n.created_at
  from new_rows n
  where t.prospect_id = n.id
    and (t.owner_id is distinct from n.owner_id or t.template is distinct from n.template
      or t.sent_at is distinct from n.created_at);
  return null;
end;
$$;

-- The activity totals changed (facts were added, or a prospect's totals were rebuilt or removed).
create function public.rollups_stage_times_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_rules jsonb := (select f.rules from public.funnel_stage_rules f limit 1);
begin
  if v_rules is null then return null; end if;
  update public.prospect_stage_times t
  set (opened_at, tried_demo_at, asked_call_at, booked_at) = (
    select x.at[2], x.at[3], x.at[4], x.at[5]
    from (select public.stage_times_of(n.firsts, t.sent_at, v_rules) as at) x
  )
  from new_rows n
  where t.prospect_id = n.prospect_id;
  return null;
end;
$$;

create function public.rollups_stage_times_removed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_rules jsonb := (select f.rules from public.funnel_stage_rules f limit 1);
begin
  if v_rules is null then return null; end if;
  update public.prospect_stage_times t
  set opened_at = null, tried_demo_at = null, asked_call_at = null, booked_at = null
  from old_rows o
  where t.prospect_id = o.prospect_id;
  return null;
end;
$$;

create trigger prospects_stage_times_added after insert on public.prospects
  referencing new table as new_rows for each statement execute function public.prospects_stage_times_added();
create trigger prospects_stage_times_changed after update on public.prospects
  referencing new table as new_rows for each statement execute function public.prospects_stage_times_changed();
create trigger rollups_stage_times_added after insert on public.engagement_rollups
  referencing new table as new_rows for each statement execute function public.rollups_stage_times_changed();
create trigger rollups_stage_times_changed after update on public.engagement_rollups
  referencing new table as new_rows for each statement execute function public.rollups_stage_times_changed();
create trigger rollups_stage_times_removed after delete on public.engagement_rollups
  referencing old table as old_rows for each statement execute function public.rollups_stage_times_removed();

-- Builds the table when the product's rules (`rules`: the engagement rules the server runs with, which
-- name the stages and which kind of fact reaches which) are not the ones it was built with. Locked, so
-- two servers asking at once build it once, and no fact is counted with the old mapping meanwhile. The
-- server asks at its start, in the background, and the funnel with each answer.
create function public.ensure_stage_times(rules jsonb) returns void
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
    prospect_id, owner_id, template, sent_at, opened_at, tried_demo_at, asked_call_at, booked_at
  )
  select p.id, p.owner_id, p.template, x.at[1], x.at[2], x.at[3], x.at[4], x.at[5]
  from public.prospects p
    left join public.engagement_rollups ro on ro.prospect_id = p.id
    cross join lateral (select public.stage_times_of(ro.firsts, p.created_at, v_rules) as at) x;
end;
$$;

-- The funnel, as before (same arguments, same rows), read from the stage times in one pass: each
-- prospect's furthest stage within the period (for the total, the reps and the kinds of business), and
-- for each week of the trend the furthest stage it reached in that week. The site split reads the
-- period's page opens, as before. The mapping of kinds to stages is `rules` (see above); the funnel's
-- stages are the five of the product (sent, opened, tried, asked for a call, booked).
drop function public.get_activity_funnel(text, uuid, timestamptz, timestamptz, integer, jsonb);

create function public.get_activity_funnel(
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
      t.booked_at
    from public.prospect_stage_times t
    where t.prospect_id is distinct from v_visitor
      and (get_activity_funnel.owner_id is null or t.owner_id = get_activity_funnel.owner_id)
      and (coalesce(get_activity_funnel.query, '') = '' or exists (
        select from public.prospects p
        where p.id = t.prospect_id
          and strpos(lower(p.slug || ' ' || p.name || ' ' || p.company_name), lower(get_activity_funnel.query)) > 0))
  ),
  -- The furthest stage within the period, and each stage's week of the trend (0 = the first), null
  -- outside it.
  placed as (
    select s.prospect_id, s.owner_id, s.template,
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
            then floor(extract(epoch from s.sent_at - v_trend_from) / 604800)::integer end as w0,
          case when s.opened_at >= v_trend_from and s.opened_at < get_activity_funnel.until
            then floor(extract(epoch from s.opened_at - v_trend_from) / 604800)::integer end as w1,
          case when s.tried_demo_at >= v_trend_from and s.tried_demo_at < get_activity_funnel.until
            then floor(extract(epoch from s.tried_demo_at - v_trend_from) / 604800)::integer end as w2,
          case when s.asked_call_at >= v_trend_from and s.asked_call_at < get_activity_funnel.until
            then floor(extract(epoch from s.asked_call_at - v_trend_from) / 604800)::integer end as w3,
          case when s.booked_at >= v_trend_from and s.booked_at < get_activity_funnel.until
            then floor(extract(epoch from s.booked_at - v_trend_from) / 604800)::integer end as w4
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
    -- Where each prospect first opened its demo in the period: the origin its browser sent.
    select 'site', o.origin, p.prank, count(*)::integer
    from (
      select distinct on (e.prospect_id) e.prospect_id, coalesce(e.detail ->> 'origin', '') as origin
      from public.engagement_events e
      where e.name = 'page_opened' and e.at >= get_activity_funnel.since and e.at < get_activity_funnel.until
      order by e.prospect_id, e.at
    ) o
      join placed p on p.prospect_id = o.prospect_id
    where p.prank is not null
    group by o.origin, p.prank
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
revoke all on function public.ensure_stage_times(jsonb) from public, anon, authenticated;
revoke all on function public.stage_times_of(jsonb, timestamptz, jsonb) from public, anon, authenticated;
revoke all on function public.prospects_stage_times_added() from public, anon, authenticated;
revoke all on function public.prospects_stage_times_changed() from public, anon, authenticated;
revoke all on function public.rollups_stage_times_changed() from public, anon, authenticated;
revoke all on function public.rollups_stage_times_removed() from public, anon, authenticated;
grant execute on function public.ensure_stage_times(jsonb) to service_role;
