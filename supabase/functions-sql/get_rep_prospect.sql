-- One prospect for a rep: {"fields": {every field of prospect_field_names()}, "owner", "created_at",
-- "created_by", "updated_at", "updated_by"} (a rep or null each), or null when there is none.
create or replace function public.get_rep_prospect(slug text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'fields', (
      select jsonb_object_agg(f.name, to_jsonb(p) -> f.name) from unnest(public.prospect_field_names()) as f(name)
    ),
    'owner', case when o.id is not null then jsonb_build_object('id', o.id, 'email', o.email, 'role', o.role) end,
    'created_at', p.created_at,
    'created_by', case when c.id is not null then jsonb_build_object('id', c.id, 'email', c.email, 'role', c.role) end,
    'updated_at', p.updated_at,
    'updated_by', case when u.id is not null then jsonb_build_object('id', u.id, 'email', u.email, 'role', u.role) end
  )
  from public.prospects p
    left join public.reps o on o.id = p.owner_id
    left join public.reps c on c.id = p.created_by
    left join public.reps u on u.id = p.updated_by
  where p.slug = get_rep_prospect.slug;
$$;

revoke all on function public.get_rep_prospect(text) from public, anon, authenticated;

grant execute on function public.get_rep_prospect(text) to service_role;
