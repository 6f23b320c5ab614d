-- Revokes one of the rep's own live keys; false when the rep has no such key.
create or replace function public.revoke_embed_key(rep_id uuid, id uuid, at timestamptz)
returns boolean
language sql
volatile
set search_path = ''
as $$
  with revoked as (
    update public.embed_keys k set revoked_at = revoke_embed_key.at
    where k.id = revoke_embed_key.id and k.rep_id = revoke_embed_key.rep_id and k.revoked_at is null
    returning 1
  )
  select exists (select 1 from revoked);
$$;

revoke all on function public.revoke_embed_key(uuid, uuid, timestamptz) from public, anon, authenticated;

grant execute on function public.revoke_embed_key(uuid, uuid, timestamptz) to service_role;
