-- Why a bulk `action` (reassign, delete or reread) leaves the prospect `slug` alone, or null when it
-- changes it: {"status": "fallback_kept"} (the fallback `visitor` is never bulk deleted), the ownership
-- rule's refusal (prospect_change_refusal; `is_admin` skips asking it per row), or {"status":
-- "no_website"} (a re-read needs a website). One rule for the job's checking chunks and for the write,
-- so the count a rep watches while a job checks is the count the write refuses.
create or replace function public.bulk_row_refusal(
  action text, rep_id uuid, is_admin boolean, slug text, owner_id uuid, website text, new_owner_id uuid
)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when bulk_row_refusal.action = 'delete' and bulk_row_refusal.slug = 'visitor'
      then jsonb_build_object('status', 'fallback_kept')
    else coalesce(
      case when not bulk_row_refusal.is_admin then public.prospect_change_refusal(
        bulk_row_refusal.rep_id, bulk_row_refusal.slug, bulk_row_refusal.owner_id,
        bulk_row_refusal.action = 'reassign', bulk_row_refusal.new_owner_id
      ) end,
      case when bulk_row_refusal.action = 'reread' and bulk_row_refusal.website is null
        then jsonb_build_object('status', 'no_website') end
    )
  end
$$;

revoke all on function public.bulk_row_refusal(text, uuid, boolean, text, uuid, text, uuid)
  from public, anon, authenticated;
grant execute on function public.bulk_row_refusal(text, uuid, boolean, text, uuid, text, uuid) to service_role;
