-- Opens removed with their prospect (a delete cascading, one statement per prospect) leave nothing
-- to read again: only those of prospects still there are.
create or replace function public.events_page_opens_removed() returns trigger
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

revoke all on function public.events_page_opens_removed() from public, anon, authenticated;

create or replace trigger events_page_opens_removed after delete on public.engagement_events
  referencing old table as old_rows for each statement execute function public.events_page_opens_removed();
