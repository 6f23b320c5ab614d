-- The rep's live keys, newest first.
create or replace function public.list_embed_keys(rep_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(public.embed_key_json(k) order by k.created_at desc, k.id), '[]'::jsonb)
  from public.embed_keys k
  where k.rep_id = list_embed_keys.rep_id and k.revoked_at is null;
$$;

revoke all on function public.list_embed_keys(uuid) from public, anon, authenticated;

grant execute on function public.list_embed_keys(uuid) to service_role;
