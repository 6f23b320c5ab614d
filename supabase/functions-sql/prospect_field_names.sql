create or replace function public.prospect_field_names()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'slug', 'name', 'company_name', 'template', 'city', 'services', 'opening_hours', 'website',
    'booking_link', 'phone', 'description', 'logo', 'theme_color', 'first_message', 'system',
    'assistant_id'
  ]
$$;

revoke all on function public.prospect_field_names() from public, anon, authenticated;

grant execute on function public.prospect_field_names() to service_role;
