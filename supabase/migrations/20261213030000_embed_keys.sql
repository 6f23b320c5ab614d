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

revoke all on table public.embed_keys from anon, authenticated;
grant select, insert, update, delete on table public.embed_keys to service_role;
