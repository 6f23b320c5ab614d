create or replace function public.embed_key_json(k public.embed_keys)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('id', k.id, 'label', k.label, 'created_at', k.created_at,
    'last_used_at', k.last_used_at);
$$;

revoke all on function public.embed_key_json(public.embed_keys) from public, anon, authenticated;

grant execute on function public.embed_key_json(public.embed_keys) to service_role;
