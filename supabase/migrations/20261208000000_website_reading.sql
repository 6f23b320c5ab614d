-- A prospect's agent knows the business from its own website.
--
-- Four details join the prospect's fields: the business's phone number, a sentence or two about it in
-- its own words, its logo (kept on our side, website_images) and its colour. A rep fills them by hand or
-- from the site; an import reads the sites of its rows in the background (website_reads) and fills only
-- the blank details, so nothing a rep wrote is replaced by what a site says.
--
-- The functions that write a prospect's fields now take the column list from prospect_field_names()
-- (dynamic SQL), so a field added later is one name in one list and a column, not three functions
-- declared again.

alter table public.prospects
  add column phone text,
  add column description text,
  add column logo text,
  add column theme_color text,
  add constraint prospects_logo_format check (logo ~ '^[0-9a-f]{64}$'),
  add constraint prospects_theme_color_format check (theme_color ~ '^#[0-9a-f]{6}$');

comment on column public.prospects.logo is
  'The business''s logo: the id (sha256 of the bytes) of a row of website_images.';

-- Logos as we keep them: re-encoded PNG (never an SVG or anything as it came), at most 200 KB, named
-- by the hash of their bytes so the same logo is kept once and its address never changes.
create table public.website_images (
  id text primary key check (id ~ '^[0-9a-f]{64}$'),
  content_type text not null check (content_type = 'image/png'),
  bytes bytea not null check (octet_length(bytes) between 1 and 204800),
  width integer not null check (width between 1 and 512),
  height integer not null check (height between 1 and 512),
  source_url text not null check (char_length(source_url) <= 2000),
  created_at timestamptz not null default now()
);
alter table public.website_images enable row level security;
comment on table public.website_images is 'Logos read from prospects'' websites, re-encoded; served at /api/logos/{id}.';

-- The website readings an import (or a rep's "Try again") asked for, one per prospect: queued, then
-- leased by one server while it reads (a lease that runs out is taken again, so a server that dies
-- loses nothing), then read or failed with the reason in words for the rep.
create table public.website_reads (
  prospect_id uuid primary key references public.prospects (id) on delete cascade,
  import_job_id uuid references public.import_jobs (id) on delete set null,
  website text not null check (char_length(website) <= 300),
  status text not null default 'queued' check (status in ('queued', 'reading', 'read', 'failed')),
  error text check (char_length(error) <= 300),
  filled text[] not null default '{}',
  attempts integer not null default 0,
  lease_until timestamptz,
  queued_at timestamptz not null,
  updated_at timestamptz not null,
  constraint website_reads_failed check ((status = 'failed') = (error is not null))
);
alter table public.website_reads enable row level security;
create index website_reads_pending on public.website_reads (queued_at) where status in ('queued', 'reading');
create index website_reads_job on public.website_reads (import_job_id);

alter table public.prospect_audit drop constraint prospect_audit_action;
alter table public.prospect_audit add constraint prospect_audit_action
  check (action in ('create', 'update', 'delete', 'import', 'website'));

-- Only the server reads and writes these, as every other table and function here.
revoke all on table public.website_images, public.website_reads from anon, authenticated;
grant select, insert, update, delete on table public.website_images, public.website_reads to service_role;
