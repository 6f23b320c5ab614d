-- Book your rep: each rep may give the name prospects see, their own scheduling link (Calendly) and a
-- photo on their profile. A prospect's page then offers "Book a call with {first name}" with the
-- owner's name and photo, opening the owner's scheduler; without an owner's link it falls back to the
-- team's (the server's CALENDLY_URL). The server reads what a prospect may see of the owner through
-- prospect_rep_booking (never the rep's email); the rep writes their profile through set_rep_profile.

alter table public.reps
  add column display_name text null
    constraint reps_display_name_length check (char_length(display_name) between 1 and 80),
  add column scheduling_url text null
    constraint reps_scheduling_url_format check (
      char_length(scheduling_url) <= 300 and scheduling_url ~ '^https://[^/[:space:]]+/[^[:space:]]*$'
    ),
  add column photo text null constraint reps_photo_format check (photo ~ '^[0-9a-f]{64}$');
comment on column public.reps.display_name is 'The name prospects see ("Book a call with Sam"); null: none given.';
comment on column public.reps.scheduling_url is
  'The rep''s own scheduling page (https, the scheduler''s host checked by the server); null: the team''s.';
comment on column public.reps.photo is
  'The rep''s photo: the id (sha256 of the bytes) of a row of website_images, served at /api/logos/{id}.';

-- A rep's profile as their page shows it: {"name", "scheduling_url", "photo"}; null for no such rep.
create function public.rep_profile(rep_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object('name', r.display_name, 'scheduling_url', r.scheduling_url, 'photo', r.photo)
  from public.reps r
  where r.id = rep_profile.rep_id;
$$;

-- Sets the three fields at once (null clears one) and answers the profile as rep_profile does; null
-- when the rep is unknown or disabled (a disabled rep's session is already ended).
create function public.set_rep_profile(rep_id uuid, display_name text, scheduling_url text, photo text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  update public.reps r
  set display_name = set_rep_profile.display_name,
      scheduling_url = set_rep_profile.scheduling_url,
      photo = set_rep_profile.photo
  where r.id = set_rep_profile.rep_id and r.disabled_at is null;
  if not found then
    return null;
  end if;
  return public.rep_profile(set_rep_profile.rep_id);
end;
$$;

-- What a prospect's page may show of the rep who owns it: {"name", "scheduling_url", "photo"}, or
-- null when nobody owns it, the owner is disabled, or the owner gave no scheduling link (the page
-- then offers the team's). Never the email.
create function public.prospect_rep_booking(slug text)
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

revoke all on function public.rep_profile(uuid) from public, anon, authenticated;
revoke all on function public.set_rep_profile(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.prospect_rep_booking(text) from public, anon, authenticated;
grant execute on function public.rep_profile(uuid) to service_role;
grant execute on function public.set_rep_profile(uuid, text, text, text) to service_role;
grant execute on function public.prospect_rep_booking(text) to service_role;
