-- Deletes phone-call attempts and video conversations created more than `retention_days` ago, at
-- most `max_rows` of each per call, the oldest first, skipping rows another request holds.
-- Returns {"phoneCallAttempts": n, "videoConversations": n}, the rows deleted.
create or replace function public.prune_call_records(retention_days integer, max_rows integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_cutoff timestamptz;
  v_attempts integer;
  v_conversations integer;
begin
  if retention_days is null or retention_days not between 1 and 3650 then
    raise exception 'retention_days must be 1 to 3650' using errcode = '22023';
  end if;
  if max_rows is null or max_rows not between 1 and 100000 then
    raise exception 'max_rows must be 1 to 100000' using errcode = '22023';
  end if;
  v_cutoff := now() - make_interval(days => retention_days);

  delete from public.phone_call_attempts a
  where a.id in (
    select o.id from public.phone_call_attempts o
    where o.created_at < v_cutoff
    order by o.created_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_attempts = row_count;

  delete from public.video_conversations v
  where v.id in (
    select o.id from public.video_conversations o
    where o.created_at < v_cutoff
    order by o.created_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_conversations = row_count;

  return jsonb_build_object('phoneCallAttempts', v_attempts, 'videoConversations', v_conversations);
end;
$$;

comment on function public.prune_call_records(integer, integer) is
  'Deletes call records older than the retention, a bounded number per call; service_role only.';

revoke all on function public.prune_call_records(integer, integer) from public, anon, authenticated;

grant execute on function public.prune_call_records(integer, integer) to service_role;
