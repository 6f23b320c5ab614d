-- Example prospects, for development and demos: loaded only when asked (the embedded database loads
-- them once, when it is created; on hosted Supabase, run it by hand). Nothing in production needs
-- them: the fallback prospect `visitor`, which the pages do need, is created by the migrations.
-- Safe to run again: existing slugs are left as they are.

-- Their agents come from templates (agent-templates/), rendered with their details.
insert into public.prospects (slug, name, company_name, template, services, opening_hours)
values
  (
    'bright-smile-dental',
    'Dr. Maya Patel',
    'Bright Smile Dental',
    'dental',
    'check-ups and cleanings, fillings, whitening consultations and emergency visits',
    'Monday to Friday 8 am to 6 pm, Saturday 9 am to 1 pm'
  ),
  ('harbor-realty', 'James Carter', 'Harbor Realty Group', 'real-estate', null, null)
on conflict (slug) do nothing;
