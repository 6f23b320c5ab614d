-- "a, b, c" or "x.a, x.b, x.c": the prospect's fields as a column list, for the functions that write
-- or compare them all.
create or replace function public.prospect_field_list(prefix text default '')
returns text
language sql
immutable
set search_path = ''
as $$
  select string_agg(prospect_field_list.prefix || quote_ident(f.name), ', ' order by f.n)
  from unnest(public.prospect_field_names()) with ordinality as f(name, n)
$$;

revoke all on function public.prospect_field_list(text) from public, anon, authenticated;

grant execute on function public.prospect_field_list(text) to service_role;
