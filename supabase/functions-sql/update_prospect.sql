create or replace function public.update_prospect(
  slug text, fields jsonb, rep_id uuid, owner_id uuid, set_owner boolean
)
returns jsonb
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_old public.prospects;
  v_new public.prospects;
  v_changed text[];
  v_refusal jsonb;
begin
  select * into v_old from public.prospects p where p.slug = update_prospect.slug for update;
  if v_old.id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  v_refusal := public.prospect_change_refusal(
    update_prospect.rep_id, v_old.slug, v_old.owner_id, update_prospect.set_owner, update_prospect.owner_id
  );
  if v_refusal is not null then
    return v_refusal;
  end if;
  if update_prospect.fields is null then
    v_new := v_old;
  else
    v_new := jsonb_populate_record(null::public.prospects, update_prospect.fields);
  end if;
  if update_prospect.set_owner and update_prospect.owner_id is not null and not exists (
    select from public.reps r where r.id = update_prospect.owner_id and r.disabled_at is null
  ) then
    return jsonb_build_object('status', 'owner_unknown');
  end if;
  v_changed := array_remove(
    array[case when v_new.slug is distinct from v_old.slug then 'slug' end]
      || public.changed_prospect_fields(to_jsonb(v_old), to_jsonb(v_new))
      || array[case when update_prospect.set_owner and update_prospect.owner_id is distinct from v_old.owner_id
        then 'owner' end],
    null
  );
  if cardinality(v_changed) = 0 then
    return jsonb_build_object('status', 'unchanged', 'slug', v_old.slug, 'changed', '[]'::jsonb);
  end if;
  if v_old.slug = 'visitor' and v_new.slug is distinct from 'visitor' then
    return jsonb_build_object('status', 'fallback');
  end if;
  begin
    execute format(
      'update public.prospects p
       set (%s) = (select %s from jsonb_populate_record(null::public.prospects, $1) as x),
           owner_id = case when $2 then $3 else p.owner_id end,
           updated_by = $4, updated_at = now()
       where p.id = $5',
      public.prospect_field_list(), public.prospect_field_list('x.')
    )
    using to_jsonb(v_new), update_prospect.set_owner, update_prospect.owner_id, update_prospect.rep_id, v_old.id;
  exception when unique_violation then
    return jsonb_build_object('status', 'slug_taken');
  end;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id, changed)
  values (v_old.id, v_new.slug, 'update', update_prospect.rep_id, v_changed);
  return jsonb_build_object('status', 'updated', 'slug', v_new.slug, 'changed', to_jsonb(v_changed));
end;
$$;

revoke all on function public.update_prospect(text, jsonb, uuid, uuid, boolean) from public, anon, authenticated;

grant execute on function public.update_prospect(text, jsonb, uuid, uuid, boolean) to service_role;
