-- Raises RP403, naming the first few slugs, when `rep_id` may not change some of the prospects among
-- `slugs` (a JSON array of slugs; list_refused_slugs). What refuses a rep's import, before and after
-- it writes.
create or replace function public.refuse_import_of_others(rep_id uuid, slugs jsonb)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_refused jsonb;
begin
  v_refused := public.list_refused_slugs(refuse_import_of_others.rep_id, refuse_import_of_others.slugs);
  if jsonb_array_length(v_refused) > 0 then
    raise exception 'the import has % rows of prospects the rep may not change: %',
      jsonb_array_length(v_refused),
      (select string_agg(f.item ->> 'slug', ', ') from (
        select e.item from jsonb_array_elements(v_refused) as e(item) limit 5
      ) f)
      using errcode = 'RP403';
  end if;
end;
$$;

comment on function public.refuse_import_of_others(uuid, jsonb) is
  'Refuses a rep''s import (RP403) that has rows of prospects the rep may not change; service_role only.';

revoke all on function public.refuse_import_of_others(uuid, jsonb) from public, anon, authenticated;

grant execute on function public.refuse_import_of_others(uuid, jsonb) to service_role;
