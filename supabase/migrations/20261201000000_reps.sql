-- Sales reps' accounts, replacing the one shared sales key: reps sign in with their own password,
-- get a session (a cookie whose token is stored here only as a SHA-256), and every change to a
-- prospect says who made it and when. Plain PostgreSQL 15, on the embedded database and on hosted
-- Supabase alike. Browsers never touch any of it: RLS on with no policy, nothing granted to anon or
-- authenticated, and only service_role may execute the functions (security invoker: they run with
-- its table privileges). The server passes its clock (`at`) to everything that expires, so expiry and
-- limits follow one clock, which tests can set.

-- Emails are stored lower-cased (the check), so they are unique case-insensitively.
create table public.reps (
  id uuid primary key default gen_random_uuid(),
  email text not null constraint reps_email_format check (
    email = lower(email) and char_length(email) between 3 and 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'
  ),
  role text not null default 'rep' constraint reps_role check (role in ('admin', 'rep')),
  -- scrypt$N$r$p$salt$hash (base64url), or null until the rep sets one with a one-time link.
  password_hash text null constraint reps_password_hash_format check (password_hash ~ '^scrypt\$'),
  disabled_at timestamptz null,
  created_at timestamptz not null default now()
);
create unique index reps_email_key on public.reps (lower(email));
comment on table public.reps is 'Sales reps who sign in to manage prospects; disabled, never deleted.';

-- A session's token lives only in the rep's cookie; its CSRF token is derived from it by the server,
-- so neither can be rebuilt from this table. Idle expiry: last_seen_at + the server's idle time.
create table public.rep_sessions (
  token_hash text primary key constraint rep_sessions_token_hash check (token_hash ~ '^[0-9a-f]{64}$'),
  rep_id uuid not null references public.reps (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz null
);
create index rep_sessions_rep_id on public.rep_sessions (rep_id) where ended_at is null;
create index rep_sessions_expires_at on public.rep_sessions (expires_at);

-- One-time links to set a password (a new rep, or a reset): the token is in the link's fragment.
create table public.rep_password_tokens (
  token_hash text primary key constraint rep_password_tokens_token_hash check (token_hash ~ '^[0-9a-f]{64}$'),
  rep_id uuid not null references public.reps (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz null
);
create index rep_password_tokens_rep_id on public.rep_password_tokens (rep_id);

-- Sign-in attempts, for the limits per account and per address. Keys are HMACs (as for phone
-- numbers), never an email or an address in clear. `succeeded` is null while the password is being
-- checked and counts as a failure until then, so attempts made at once cannot pass the limit.
create table public.rep_sign_in_attempts (
  id uuid primary key default gen_random_uuid(),
  at timestamptz not null,
  email_key text not null constraint rep_sign_in_attempts_email_key check (email_key ~ '^[0-9a-f]{64}$'),
  address_key text null constraint rep_sign_in_attempts_address_key check (address_key ~ '^[0-9a-f]{64}$'),
  succeeded boolean null
);
create index rep_sign_in_attempts_email on public.rep_sign_in_attempts (email_key, at);
create index rep_sign_in_attempts_address on public.rep_sign_in_attempts (address_key, at)
  where address_key is not null;
create index rep_sign_in_attempts_at on public.rep_sign_in_attempts (at);

-- Who owns, made and last changed each prospect (null: the command line, or before reps existed).
alter table public.prospects
  add column owner_id uuid null references public.reps (id) on delete set null,
  add column created_by uuid null references public.reps (id) on delete set null,
  add column updated_by uuid null references public.reps (id) on delete set null,
  add column updated_at timestamptz not null default now();
update public.prospects set updated_at = created_at;
-- The reps' list sorts and filters 10,000s of prospects a page at a time.
create index prospects_company_order on public.prospects (lower(company_name), slug);
create index prospects_name_order on public.prospects (lower(name), slug);
create index prospects_updated_order on public.prospects (updated_at, slug);
create index prospects_owner on public.prospects (owner_id, slug);

-- Every change to a prospect. No foreign key to prospects: the trail outlives a deleted prospect, and
-- `prospect_id` follows one prospect through a change of slug.
create table public.prospect_audit (
  id uuid primary key default gen_random_uuid(),
  prospect_id uuid not null,
  slug text not null,
  action text not null constraint prospect_audit_action check (action in ('create', 'update', 'delete', 'import')),
  rep_id uuid null references public.reps (id) on delete set null,
  at timestamptz not null default now(),
  -- The fields an update or an import changed; empty when it created the prospect.
  changed text[] not null default '{}'
);
create index prospect_audit_prospect on public.prospect_audit (prospect_id, at desc);
create index prospect_audit_slug on public.prospect_audit (slug, at desc);

alter table public.reps enable row level security;
alter table public.rep_sessions enable row level security;
alter table public.rep_password_tokens enable row level security;
alter table public.rep_sign_in_attempts enable row level security;
alter table public.prospect_audit enable row level security;
revoke all on table public.reps, public.rep_sessions, public.rep_password_tokens,
  public.rep_sign_in_attempts, public.prospect_audit from anon, authenticated;
grant select, insert, update, delete on table public.reps, public.rep_sessions, public.rep_password_tokens,
  public.rep_sign_in_attempts, public.prospect_audit to service_role;
