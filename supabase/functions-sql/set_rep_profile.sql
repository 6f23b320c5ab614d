-- Sets the three fields at once (null clears one) and answers the profile as rep_profile does; null
-- when the rep is unknown or disabled (a disabled rep's session is already ended).
create or replace function public.set_rep_profile(rep_id uuid, display_name text, scheduling_url text, photo text)
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

revoke all on function public.set_rep_profile(uuid, text, text, text) from public, anon, authenticated;

grant execute on function public.set_rep_profile(uuid, text, text, text) to service_role;
