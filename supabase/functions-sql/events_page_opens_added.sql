-- New opens: a prospect's earliest among them comes first when earlier than the one kept (one at the
-- same instant was written after it), its latest last when later.
create or replace function public.events_page_opens_added() returns trigger
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

revoke all on function public.events_page_opens_added() from public, anon, authenticated;

create or replace trigger events_page_opens_added after insert on public.engagement_events
  referencing new table as new_rows for each statement execute function public.events_page_opens_added();
