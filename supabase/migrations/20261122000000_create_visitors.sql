-- Prospects shown on /{slug} pages. The browser never reads this table: the server reads it
-- with the service role and returns only the public fields of one prospect, found by exact slug.

create table public.visitors (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique constraint visitors_slug_format check (slug ~ '^[a-z0-9-]{1,64}$'),
  name text not null,
  company_name text not null,
  first_message text not null,
  system text not null,
  assistant_id text null,
  created_at timestamptz not null default now()
);

comment on table public.visitors is 'Prospects with a personalised demo page at /{slug}; read by the server only.';
comment on column public.visitors.system is 'System prompt of the prospect''s voice agent.';
comment on column public.visitors.assistant_id is 'The prospect''s own voice assistant, when one was built.';

-- RLS on and no policies: anon and authenticated see nothing even if a grant slips back in.
alter table public.visitors enable row level security;

-- Hosted Supabase grants everything on new public tables to anon and authenticated by default
-- privileges; take that back so the public API key cannot list prospects.
revoke all on table public.visitors from anon, authenticated;
grant select, insert, update, delete on table public.visitors to service_role;
