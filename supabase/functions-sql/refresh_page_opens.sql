-- The opens of the prospects named, read again from their events (after opens were removed or
-- changed): none when no open is left.
create or replace function public.refresh_page_opens(prospect_ids uuid[]) returns void
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

revoke all on function public.refresh_page_opens(uuid[]) from public, anon, authenticated;
