-- The prospects among `slugs` (a JSON array of slugs) that `rep_id` may not change, each with its
-- owner: [{"slug", "owner"}] in slug order; always empty for an admin and for the command line (null).
-- What a rep's import refuses, by the same rule as the form. Set-based, for 50,000 rows: the rule is
-- asked once whether the rep may change a prospect nobody owns (only an admin or the command line
-- may); for a rep, its answer without a change of owner is "only their own, never the fallback".
create or replace function public.list_refused_slugs(rep_id uuid, slugs jsonb)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if public.prospect_change_refusal(list_refused_slugs.rep_id, '', null, false, null) is null then
    return '[]'::jsonb;
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object('slug', p.slug, 'owner', public.prospect_rep_json(p.owner_id))
      order by p.slug), '[]'::jsonb)
    from public.prospects p
    where p.slug = any(array(select jsonb_array_elements_text(list_refused_slugs.slugs)))
      and (p.slug = 'visitor' or p.owner_id is distinct from list_refused_slugs.rep_id)
  );
end;
$$;

revoke all on function public.list_refused_slugs(uuid, jsonb) from public, anon, authenticated;

grant execute on function public.list_refused_slugs(uuid, jsonb) to service_role;
