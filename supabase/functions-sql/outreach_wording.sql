-- The wording as stored: {"subject", "email", "linkedin", "updated_at", "updated_by": rep or null};
-- null when the team never changed the default.
create or replace function public.outreach_wording()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'subject', w.subject,
    'email', w.email,
    'linkedin', w.linkedin,
    'updated_at', w.updated_at,
    'updated_by', case when r.id is not null then jsonb_build_object('id', r.id, 'email', r.email, 'role', r.role) end
  )
  from public.outreach_wording w
  left join public.reps r on r.id = w.updated_by;
$$;

revoke all on function public.outreach_wording() from public, anon, authenticated;

grant execute on function public.outreach_wording() to service_role;
