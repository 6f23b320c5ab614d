-- Takes up to max_rows readings to do, oldest first, for lease_seconds: queued ones, and ones whose
-- reader's lease ran out (it stopped). A reading tried three times without an answer fails.
create or replace function public.claim_website_reads(max_rows integer, lease_seconds integer, at timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_claimed jsonb;
begin
  update public.website_reads w
  set status = 'failed', error = 'The site could not be read: the reader stopped three times while reading it.',
      lease_until = null, updated_at = claim_website_reads.at
  where w.status = 'reading' and w.lease_until < claim_website_reads.at and w.attempts >= 3;

  with picked as (
    select w.prospect_id from public.website_reads w
    where w.status = 'queued' or (w.status = 'reading' and w.lease_until < claim_website_reads.at)
    order by w.queued_at, w.prospect_id
    limit greatest(claim_website_reads.max_rows, 0)
    for update skip locked
  ),
  taken as (
    update public.website_reads w
    set status = 'reading', attempts = w.attempts + 1,
        lease_until = claim_website_reads.at + make_interval(secs => claim_website_reads.lease_seconds),
        updated_at = claim_website_reads.at
    from picked
    where w.prospect_id = picked.prospect_id
    returning w.prospect_id, w.website
  )
  select coalesce(jsonb_agg(jsonb_build_object('prospect_id', t.prospect_id, 'website', t.website)), '[]'::jsonb)
  into v_claimed
  from taken t;
  return v_claimed;
end;
$$;

revoke all on function public.claim_website_reads(integer, integer, timestamptz) from public, anon, authenticated;

grant execute on function public.claim_website_reads(integer, integer, timestamptz) to service_role;
