-- A rep's choice of nudges by email (one write, one call, like every write): null for an unknown rep.
create or replace function public.set_rep_nudge_mail(rep_id uuid, choice text)
returns text
language sql
volatile
security invoker
set search_path = ''
as $$
  update public.reps r set nudge_mail = set_rep_nudge_mail.choice
  where r.id = set_rep_nudge_mail.rep_id
  returning r.nudge_mail;
$$;

revoke all on function public.set_rep_nudge_mail(uuid, text) from public, anon, authenticated;

grant execute on function public.set_rep_nudge_mail(uuid, text) to service_role;
