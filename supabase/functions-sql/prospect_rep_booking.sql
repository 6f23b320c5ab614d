-- What a prospect's page may show of the rep who owns it: {"name", "scheduling_url", "photo"}, or
-- null when nobody owns it, the owner is disabled, or the owner gave no scheduling link (the page
-- then offers the team's). Never the email.
create or replace function public.prospect_rep_booking(slug text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object('name', r.display_name, 'scheduling_url', r.scheduling_url, 'photo', r.photo)
  from public.prospects p
  join public.reps r on r.id = p.owner_id
  where p.slug = prospect_rep_booking.slug and r.disabled_at is null and r.scheduling_url is not null;
$$;

revoke all on function public.prospect_rep_booking(text) from public, anon, authenticated;

grant execute on function public.prospect_rep_booking(text) to service_role;
