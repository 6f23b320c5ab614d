-- A new key of the rep's (null: the rep is disabled or gone, as a raced session would be).
create or replace function public.create_embed_key(rep_id uuid, label text, key_hash text, at timestamptz)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  insert into public.embed_keys (rep_id, label, key_hash, created_at)
  select r.id, create_embed_key.label, create_embed_key.key_hash, create_embed_key.at
  from public.reps r
  where r.id = create_embed_key.rep_id and r.disabled_at is null
  returning public.embed_key_json(embed_keys);
$$;

revoke all on function public.create_embed_key(uuid, text, text, timestamptz) from public, anon, authenticated;

grant execute on function public.create_embed_key(uuid, text, text, timestamptz) to service_role;
