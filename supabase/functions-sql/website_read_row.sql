-- One reading as the reps' pages show it.
create or replace function public.website_read_row(prospect_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'slug', p.slug, 'companyName', p.company_name, 'website', w.website, 'status', w.status,
    'error', w.error, 'filled', to_jsonb(w.filled), 'updatedAt', w.updated_at
  )
  from public.website_reads w join public.prospects p on p.id = w.prospect_id
  where w.prospect_id = website_read_row.prospect_id
$$;

revoke all on function public.website_read_row(uuid) from public, anon, authenticated;

grant execute on function public.website_read_row(uuid) to service_role;
