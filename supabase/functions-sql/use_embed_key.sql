-- The live key with this hash, stamped as used now, with its rep's id and name; null when there is
-- none, it was revoked, or its rep is disabled. The stamp moves at most once a minute, so a busy
-- editor's searches do not write a row each.
create or replace function public.use_embed_key(key_hash text, at timestamptz)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_key public.embed_keys;
  v_rep public.reps;
begin
  select * into v_key from public.embed_keys k
  where k.key_hash = use_embed_key.key_hash and k.revoked_at is null;
  if v_key.id is null then
    return null;
  end if;
  select * into v_rep from public.reps r where r.id = v_key.rep_id and r.disabled_at is null;
  if v_rep.id is null then
    return null;
  end if;
  if v_key.last_used_at is null or v_key.last_used_at < use_embed_key.at - interval '1 minute' then
    update public.embed_keys k set last_used_at = use_embed_key.at where k.id = v_key.id;
  end if;
  return jsonb_build_object('id', v_key.id, 'label', v_key.label, 'rep_id', v_rep.id,
    'rep_name', coalesce(v_rep.display_name, v_rep.email));
end;
$$;

revoke all on function public.use_embed_key(text, timestamptz) from public, anon, authenticated;

grant execute on function public.use_embed_key(text, timestamptz) to service_role;
