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

revoke all on function public.prospects_stage_times_added() from public, anon, authenticated;

create or replace trigger prospects_stage_times_added after insert on public.prospects
  referencing new table as new_rows for each statement execute function public.prospects_stage_times_added();
