-- What a rep may do with each prospect a page shows, answered with the prospects by the one function
-- every write asks (prospect_change_refusal), so a page offers exactly what a save would be allowed:
-- [{"slug", "change", "take_over", "reassign", "refusal"}] for the prospects among `slugs` (a JSON
-- array), in slug order.
-- - change: edit or delete it as it is;
-- - take_over: make a prospect nobody owns their own (a rep who may not change it as it is);
-- - reassign: give it to someone else (any rep id but their own: the rule looks at no other rep);
-- - refusal: why a change is refused, as prospect_change_refusal answers it; null when it is allowed.
create or replace function public.prospect_rights(rep_id uuid, slugs jsonb)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'slug', r.slug,
    'change', r.refusal is null,
    'take_over', r.refusal is not null and r.owner_id is null
      and public.prospect_change_refusal(prospect_rights.rep_id, r.slug, null, true, prospect_rights.rep_id) is null,
    'reassign', public.prospect_change_refusal(
      prospect_rights.rep_id, r.slug, r.owner_id, true, '00000000-0000-0000-0000-000000000000'::uuid
    ) is null,
    'refusal', r.refusal
  ) order by r.slug), '[]'::jsonb)
  from (
    select p.slug, p.owner_id,
      public.prospect_change_refusal(prospect_rights.rep_id, p.slug, p.owner_id, false, null) as refusal
    from public.prospects p
    where p.slug in (select jsonb_array_elements_text(prospect_rights.slugs))
  ) as r
$$;

revoke all on function public.prospect_rights(uuid, jsonb) from public, anon, authenticated;

grant execute on function public.prospect_rights(uuid, jsonb) to service_role;
