-- The names of the fields whose values differ between two prospects given as JSON.
create or replace function public.changed_prospect_fields(old jsonb, new jsonb)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(f.name order by f.n), '{}')
  from unnest(public.prospect_field_names()) with ordinality as f(name, n)
  where f.name <> 'slug' and (changed_prospect_fields.old -> f.name) is distinct from (changed_prospect_fields.new -> f.name)
$$;

revoke all on function public.changed_prospect_fields(jsonb, jsonb) from public, anon, authenticated;

grant execute on function public.changed_prospect_fields(jsonb, jsonb) to service_role;
