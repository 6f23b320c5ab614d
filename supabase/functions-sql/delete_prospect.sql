-- Deletes one prospect by slug, never the fallback `visitor` (edit it by importing a row with its
-- slug), if `rep_id` may (null: the command line, which may). Writes a 'delete' audit entry, which
-- stays, with the prospect's last values. {"deleted": true}; {"deleted": false} when there is none;
-- {"deleted": false, "refusal": …} when the rep may not (prospect_change_refusal).
create or replace function public.delete_prospect(slug text, rep_id uuid default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_old public.prospects;
  v_refusal jsonb;
begin
  if delete_prospect.slug = 'visitor' then
    raise exception 'The fallback prospect "visitor" cannot be deleted; import a row to change it.'
      using errcode = '22023';
  end if;
  select * into v_old from public.prospects p where p.slug = delete_prospect.slug for update;
  if v_old.id is null then
    return jsonb_build_object('deleted', false);
  end if;
  v_refusal := public.prospect_change_refusal(delete_prospect.rep_id, v_old.slug, v_old.owner_id, false, null);
  if v_refusal is not null then
    return jsonb_build_object('deleted', false, 'refusal', v_refusal);
  end if;
  delete from public.prospects p where p.id = v_old.id;
  insert into public.prospect_audit (prospect_id, slug, action, rep_id, last_values)
  values (v_old.id, v_old.slug, 'delete', delete_prospect.rep_id, jsonb_build_object(
    'fields', (
      select jsonb_object_agg(f.name, to_jsonb(v_old) -> f.name) from unnest(public.prospect_field_names()) as f(name)
    ),
    'owner_id', v_old.owner_id
  ));
  return jsonb_build_object('deleted', true);
end;
$$;

revoke all on function public.delete_prospect(text, uuid) from public, anon, authenticated;

grant execute on function public.delete_prospect(text, uuid) to service_role;
