create or replace function public.create_prospect(fields jsonb, rep_id uuid, owner_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_id uuid;
  v_slug text;
  v_refusal jsonb;
begin
  v_refusal := public.prospect_change_refusal(
    create_prospect.rep_id, null, create_prospect.rep_id, true, create_prospect.owner_id
  );
  if v_refusal is not null then
    return v_refusal;
  end if;
  if create_prospect.owner_id is not null and not exists (
    select from public.reps r where r.id = create_prospect.owner_id and r.disabled_at is null
  ) then
    return jsonb_build_object('status', 'owner_unknown');
  end if;
  execute format(
    'insert into public.prospects as p (%s, owner_id, created_by, updated_by)
     select %s, $2, $3, $3 from jsonb_populate_record(null::public.prospects, $1) as x
     on conflict (slug) do nothing
     returning p.id, p.slug',
    public.prospect_field_list(), public.prospect_field_list('x.')
  )
  into v_id, v_slug
  using create_prospect.fields, create_prospect.owner_id, create_prospect.rep_id;
  if v_id is null then
    return jsonb_build_object('status', 'slug_taken');
  end if;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id)
  values (v_id, v_slug, 'create', create_prospect.rep_id);
  return jsonb_build_object('status', 'created');
end;
$$;

revoke all on function public.create_prospect(jsonb, uuid, uuid) from public, anon, authenticated;

grant execute on function public.create_prospect(jsonb, uuid, uuid) to service_role;
