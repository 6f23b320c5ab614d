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

revoke all on function public.ensure_stage_times(jsonb) from public, anon, authenticated;

grant execute on function public.ensure_stage_times(jsonb) to service_role;
