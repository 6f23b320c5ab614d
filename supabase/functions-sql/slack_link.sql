-- `<url|label>`: a link Slack shows as its label. A `|` in the address would end it early, so it is
-- percent-encoded (which any browser reads as the same address).
create or replace function public.slack_link(url text, label text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select '<' || public.slack_escape(replace(url, '|', '%7C')) || '|' || public.slack_escape(label) || '>'
$$;

comment on function public.slack_link(text, text) is
  'Our own link in a Slack message, `<url|label>`, its address and label escaped.';

revoke all on function public.slack_link(text, text) from public, anon, authenticated;

grant execute on function public.slack_link(text, text) to service_role;
