-- The prospects among `slugs` (a JSON array of slugs) that `rep_id` may not change, each with its
-- owner: [{"slug", "owner"}] in slug order; always empty for an admin and for the command line (null).
-- What a rep's import refuses, by the rule the form's save asks (prospect_change_refusal, for each
-- prospect as it is, without a change of owner). For 50,000 rows the rule is first asked once whether
-- the rep may change anything at all (an admin or the command line may): then no row is asked.
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
      and public.prospect_change_refusal(list_refused_slugs.rep_id, p.slug, p.owner_id, false, null) is not null
  );
end;
$$;

revoke all on function public.list_refused_slugs(uuid, jsonb) from public, anon, authenticated;

grant execute on function public.list_refused_slugs(uuid, jsonb) to service_role;
