-- Embed keys: one per WordPress site (or any site's plugin), made by a rep and pasted into the
-- plugin's settings, so the site can pick a prospect from a search instead of typing its link.
--
-- A key only reads: the product's name, the key's label and rep, and a search of the prospects that
-- rep sees. It is shown to the rep once, when made; the table keeps only its SHA-256, so a copy of
-- the database reveals no key. Revoking stamps `revoked_at` and the key is refused from then on; a
-- disabled rep's keys are refused too, as their sessions are.

create table public.embed_keys (
  id uuid primary key default gen_random_uuid(),
  rep_id uuid not null references public.reps (id) on delete cascade,
  label text not null constraint embed_keys_label check (char_length(label) between 1 and 100),
  -- The SHA-256 of the key as the rep received it (`vdk_…`), in hex.
  key_hash text not null constraint embed_keys_key_hash check (key_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  last_used_at timestamptz null,
  revoked_at timestamptz null,
  constraint embed_keys_key_hash_unique unique (key_hash)
);

comment on table public.embed_keys is
  'Read-only keys of the sites that embed the demo (the WordPress plugin), by rep; hashed; service_role only.';

create index embed_keys_rep on public.embed_keys (rep_id, created_at desc) where revoked_at is null;

alter table public.embed_keys enable row level security;

create function public.embed_key_json(k public.embed_keys)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('id', k.id, 'label', k.label, 'created_at', k.created_at,
    'last_used_at', k.last_used_at);
$$;

-- A new key of the rep's (null: the rep is disabled or gone, as a raced session would be).
create function public.create_embed_key(rep_id uuid, label text, key_hash text, at timestamptz)
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

-- The rep's live keys, newest first.
create function public.list_embed_keys(rep_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(public.embed_key_json(k) order by k.created_at desc, k.id), '[]'::jsonb)
  from public.embed_keys k
  where k.rep_id = list_embed_keys.rep_id and k.revoked_at is null;
$$;

-- Revokes one of the rep's own live keys; false when the rep has no such key.
create function public.revoke_embed_key(rep_id uuid, id uuid, at timestamptz)
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

-- The live key with this hash, stamped as used now, with its rep's id and name; null when there is
-- none, it was revoked, or its rep is disabled. The stamp moves at most once a minute, so a busy
-- editor's searches do not write a row each.
create function public.use_embed_key(key_hash text, at timestamptz)
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

-- The prospects a key's rep picks from: every prospect but the fallback `visitor`, as the reps' list
-- shows every rep; `query` matched in slug, name and company as that list matches it, the rep's own
-- first, then the most recently changed. An empty query answers the rep's own, most recent first.
create function public.search_embed_prospects(rep_id uuid, query text, max_rows integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('slug', t.slug, 'name', t.name, 'company_name', t.company_name)
    order by t.n), '[]'::jsonb)
  from (
    select p.slug, p.name, p.company_name,
      row_number() over (order by (p.owner_id is not distinct from search_embed_prospects.rep_id) desc,
        p.updated_at desc, p.slug) as n
    from public.prospects p
    where p.slug <> 'visitor'
      and case when coalesce(search_embed_prospects.query, '') = ''
        then p.owner_id = search_embed_prospects.rep_id
        else strpos(lower(p.slug || ' ' || p.name || ' ' || p.company_name),
          lower(search_embed_prospects.query)) > 0 end
    order by n
    limit greatest(1, least(coalesce(search_embed_prospects.max_rows, 10), 20))
  ) t;
$$;

revoke all on table public.embed_keys from anon, authenticated;
grant select, insert, update, delete on table public.embed_keys to service_role;
revoke all on function public.embed_key_json(public.embed_keys) from public, anon, authenticated;
revoke all on function public.create_embed_key(uuid, text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.list_embed_keys(uuid) from public, anon, authenticated;
revoke all on function public.revoke_embed_key(uuid, uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.use_embed_key(text, timestamptz) from public, anon, authenticated;
revoke all on function public.search_embed_prospects(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.embed_key_json(public.embed_keys) to service_role;
grant execute on function public.create_embed_key(uuid, text, text, timestamptz) to service_role;
grant execute on function public.list_embed_keys(uuid) to service_role;
grant execute on function public.revoke_embed_key(uuid, uuid, timestamptz) to service_role;
grant execute on function public.use_embed_key(text, timestamptz) to service_role;
grant execute on function public.search_embed_prospects(uuid, text, integer) to service_role;
