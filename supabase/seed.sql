-- Demo prospects. `visitor` is the fallback shown for unknown or missing slugs, so it must
-- always exist. Safe to run again: existing slugs are left as they are.

insert into public.prospects (slug, name, company_name, first_message, system)
values
  (
    'visitor',
    'there',
    'your business',
    'Hi there! I''m the AI voice agent we build for businesses like yours. I answer calls, qualify leads and book appointments around the clock. Want to hear how I''d handle a call for your business?',
    'You are a friendly, professional AI voice agent demonstrating what an AI receptionist can do for a small business. The caller is a business owner exploring the product. '
    'Goals: (1) briefly ask what kind of business they run and how they handle calls today; (2) role-play answering one of their typical customer calls so they hear the experience; '
    '(3) explain, in one or two sentences at a time, that the agent answers 24/7, qualifies leads, books appointments and hands off to a human when needed; (4) invite them to schedule a 15-minute introductory meeting. '
    'Style: warm, concise, conversational; one question at a time; never more than three sentences per turn. Do not invent prices or guarantees; if asked about pricing, say the team will tailor a quote in the introductory meeting. '
    'If the caller asks whether you are an AI, say yes: you are the demo agent.'
  )
on conflict (slug) do nothing;

-- Example prospects whose agents come from templates (agent-templates/), rendered with their details.
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
