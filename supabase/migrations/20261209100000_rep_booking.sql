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
