-- An import's readings: the counts, and each one that could not be read (for the rep to fix or retry).
create or replace function public.website_read_progress(import_job_id uuid, max_failures integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'total', count(*),
    'read', count(*) filter (where w.status = 'read'),
    'failed', count(*) filter (where w.status = 'failed'),
    'pending', count(*) filter (where w.status in ('queued', 'reading')),
    'failures', coalesce((
      select jsonb_agg(public.website_read_row(f.prospect_id) order by f.updated_at desc)
      from (
        select x.prospect_id, x.updated_at from public.website_reads x
        where x.import_job_id = website_read_progress.import_job_id and x.status = 'failed'
        order by x.updated_at desc
        limit greatest(website_read_progress.max_failures, 0)
      ) f
    ), '[]'::jsonb)
  )
  from public.website_reads w
  where w.import_job_id = website_read_progress.import_job_id
$$;

revoke all on function public.website_read_progress(uuid, integer) from public, anon, authenticated;

grant execute on function public.website_read_progress(uuid, integer) to service_role;
