create or replace function public.slack_escape(value text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  -- `&` first, so the entities written after it are not escaped again.
  select replace(replace(replace(value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')
$$;

comment on function public.slack_escape(text) is
  'A value as plain text in a Slack message: &, < and > escaped as &amp;, &lt; and &gt;.';

revoke all on function public.slack_escape(text) from public, anon, authenticated;

grant execute on function public.slack_escape(text) to service_role;
