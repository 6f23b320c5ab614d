-- Stores the wording (replacing what was there), stamped with `rep_id` and `at`, and answers it as
-- outreach_wording does.
create or replace function public.set_outreach_wording(subject text, email text, linkedin text, rep_id uuid, at timestamptz)
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

revoke all on function public.set_outreach_wording(text, text, text, uuid, timestamptz) from public, anon, authenticated;

grant execute on function public.set_outreach_wording(text, text, text, uuid, timestamptz) to service_role;
