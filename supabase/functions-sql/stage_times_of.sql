-- A prospect's stage times from its activity totals: created, then for each later stage the earliest
-- first time among the kinds of fact that reach it (null when none has happened).
create or replace function public.stage_times_of(firsts jsonb, created_at timestamptz, rules jsonb)
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

revoke all on function public.stage_times_of(jsonb, timestamptz, jsonb) from public, anon, authenticated;
