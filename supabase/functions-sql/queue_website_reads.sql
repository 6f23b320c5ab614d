-- Queues the readings of these prospects' sites (those with a website), from an import or a rep's
-- "Try again": a prospect already queued or read is queued afresh. Answers how many were queued.
create or replace function public.queue_website_reads(slugs text[], import_job_id uuid, at timestamptz)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  insert into public.website_reads as w (prospect_id, import_job_id, website, queued_at, updated_at)
  select p.id, queue_website_reads.import_job_id, p.website, queue_website_reads.at, queue_website_reads.at
  from public.prospects p
  where p.slug = any (queue_website_reads.slugs) and p.website is not null
  on conflict (prospect_id) do update
    set website = excluded.website, status = 'queued', error = null, filled = '{}', lease_until = null,
        attempts = 0, queued_at = excluded.queued_at, updated_at = excluded.updated_at,
        import_job_id = coalesce(excluded.import_job_id, w.import_job_id);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

revoke all on function public.queue_website_reads(text[], uuid, timestamptz) from public, anon, authenticated;

grant execute on function public.queue_website_reads(text[], uuid, timestamptz) to service_role;
