create or replace function public.events_page_opens_changed() returns trigger
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

revoke all on function public.events_page_opens_changed() from public, anon, authenticated;

create or replace trigger events_page_opens_changed after update on public.engagement_events
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.events_page_opens_changed();
