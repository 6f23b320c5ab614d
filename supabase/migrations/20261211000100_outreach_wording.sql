-- The team's wording of the message a rep sends a prospect: the email's subject and body and the
-- LinkedIn message, written once for everyone with the agent's placeholders (and the message's own:
-- the first name, the link and the rep's name), checked by the server before it is stored. One row
-- or none: none means the product's default wording. Every rep reads it; only an admin changes it
-- (the server checks the role; the database keeps who changed it last and when).

create table public.outreach_wording (
  id boolean primary key default true constraint outreach_wording_one_row check (id),
  subject text not null constraint outreach_wording_subject_length check (char_length(subject) between 1 and 200),
  email text not null constraint outreach_wording_email_length check (char_length(email) between 1 and 4000),
  linkedin text not null constraint outreach_wording_linkedin_length check (char_length(linkedin) between 1 and 600),
  updated_at timestamptz not null,
  updated_by uuid null references public.reps (id) on delete set null
);
comment on table public.outreach_wording is
  'The team''s wording of a rep''s message to a prospect (placeholders as core/agent-text.ts); no row: the default.';
alter table public.outreach_wording enable row level security;
revoke all on table public.outreach_wording from public, anon, authenticated;
grant select, insert, update, delete on table public.outreach_wording to service_role;

-- The wording as stored: {"subject", "email", "linkedin", "updated_at", "updated_by": rep or null};
-- null when the team never changed the default.
create function public.outreach_wording()
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

-- Stores the wording (replacing what was there), stamped with `rep_id` and `at`, and answers it as
-- outreach_wording does.
create function public.set_outreach_wording(subject text, email text, linkedin text, rep_id uuid, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  insert into public.outreach_wording as w (id, subject, email, linkedin, updated_at, updated_by)
  values (true, set_outreach_wording.subject, set_outreach_wording.email, set_outreach_wording.linkedin,
          set_outreach_wording.at, set_outreach_wording.rep_id)
  on conflict (id) do update
  set subject = excluded.subject, email = excluded.email, linkedin = excluded.linkedin,
      updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  return public.outreach_wording();
end;
$$;

revoke all on function public.outreach_wording() from public, anon, authenticated;
revoke all on function public.set_outreach_wording(text, text, text, uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.outreach_wording() to service_role;
grant execute on function public.set_outreach_wording(text, text, text, uuid, timestamptz) to service_role;
