-- Whether `rep_id` may change or delete the prospect `slug` owned by `owner_id` and, with
-- `set_owner`, give it to `new_owner_id`: null when they may, else why not:
-- {"status": "not_your_prospect", "owner": the owner or null} (another rep's, or nobody's and not
-- being taken over), {"status": "owner_not_allowed"} (a rep giving a prospect away) or
-- {"status": "fallback_admin_only"}. The rule, written here once and asked by every function that
-- writes a prospect for a rep (in the transaction that writes) and by those that say what a rep may do:
-- - a rep changes and deletes their own prospects, and a prospect a rep creates is theirs;
-- - a rep takes over a prospect nobody owns by setting themselves as its owner;
-- - a rep never gives a prospect to someone else, nor to nobody;
-- - an admin (enabled) changes, deletes and reassigns any prospect;
-- - the fallback `visitor`, whose words every unknown link shows, is changed by admins only;
-- - the command line (`rep_id` null) keeps every right.
create or replace function public.prospect_change_refusal(
  rep_id uuid, slug text, owner_id uuid, set_owner boolean, new_owner_id uuid
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_rep public.reps;
begin
  if prospect_change_refusal.rep_id is null then
    return null;
  end if;
  select * into v_rep from public.reps r where r.id = prospect_change_refusal.rep_id;
  if v_rep.id is null then
    raise exception 'no rep has the id %', prospect_change_refusal.rep_id using errcode = '22023';
  end if;
  -- An admin's rights last while they are an enabled admin (the team page can change both).
  if v_rep.role = 'admin' and v_rep.disabled_at is null then
    return null;
  end if;
  if prospect_change_refusal.slug = 'visitor' then
    return jsonb_build_object('status', 'fallback_admin_only');
  end if;
  if prospect_change_refusal.owner_id = prospect_change_refusal.rep_id then
    if prospect_change_refusal.set_owner
      and prospect_change_refusal.new_owner_id is distinct from prospect_change_refusal.rep_id then
      return jsonb_build_object('status', 'owner_not_allowed');
    end if;
    return null;
  end if;
  -- Nobody's, and the rep takes it over.
  if prospect_change_refusal.owner_id is null and prospect_change_refusal.set_owner
    and prospect_change_refusal.new_owner_id = prospect_change_refusal.rep_id then
    return null;
  end if;
  return jsonb_build_object(
    'status', 'not_your_prospect', 'owner', public.prospect_rep_json(prospect_change_refusal.owner_id)
  );
end;
$$;

comment on function public.prospect_change_refusal(uuid, text, uuid, boolean, uuid) is
  'Why a rep may not change a prospect (null: they may): the ownership rule; service_role only.';

revoke all on function public.prospect_change_refusal(uuid, text, uuid, boolean, uuid) from public, anon, authenticated;

grant execute on function public.prospect_change_refusal(uuid, text, uuid, boolean, uuid) to service_role;
