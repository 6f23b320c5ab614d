create or replace function public.prospects_stage_times_changed() returns trigger
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

revoke all on function public.prospects_stage_times_changed() from public, anon, authenticated;

create or replace trigger prospects_stage_times_changed after update on public.prospects
  referencing new table as new_rows for each statement execute function public.prospects_stage_times_changed();
