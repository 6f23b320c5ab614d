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
