-- The first admin of a new install, without stopping the server.
--
-- While no enabled admin exists, the Node server makes a setup link as it starts and prints it (its
-- token in the link's fragment; stored here only as a SHA-256, like the reps' one-time links). Whoever
-- opens it chooses the admin's email and password and is signed in. A link works until an enabled
-- admin exists, for 24 hours at most (the server passes the time); each start while none exists makes
-- a new one, and several servers on one database each print a link that works. Once an admin exists,
-- every link stops working, however the admin came (this page, or `npm run reps -- add … --admin`).

create table public.first_admin_tokens (
  token_hash text primary key constraint first_admin_tokens_token_hash check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  expires_at timestamptz not null
);
comment on table public.first_admin_tokens is 'Setup links for the first admin, by SHA-256; useless once an enabled admin exists.';

alter table public.first_admin_tokens enable row level security;
revoke all on table public.first_admin_tokens from anon, authenticated;
grant select, insert, update, delete on table public.first_admin_tokens to service_role;
