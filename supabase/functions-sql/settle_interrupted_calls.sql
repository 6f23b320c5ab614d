-- Settles what a stopped server left pending for longer than `older_than_seconds`: phone-call attempts
-- and video conversations become `unknown`, and the attempts free their idempotency key, so a retry is
-- judged afresh instead of waiting forever for an answer that will never be recorded.
-- Returns {"phoneCallAttempts": n, "videoConversations": n}, the rows settled.
create or replace function public.settle_interrupted_calls(older_than_seconds integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_attempts integer;
  v_conversations integer;
begin
  if older_than_seconds is null or older_than_seconds < 0 then
    raise exception 'older_than_seconds must be 0 or more' using errcode = '22023';
  end if;
  update public.phone_call_attempts a
  set outcome = 'unknown', finished_at = now(), idempotency_key = null
  where a.outcome = 'pending' and a.created_at <= now() - make_interval(secs => older_than_seconds);
  get diagnostics v_attempts = row_count;

  update public.video_conversations v
  set outcome = 'unknown'
  where v.outcome = 'pending' and v.created_at <= now() - make_interval(secs => older_than_seconds);
  get diagnostics v_conversations = row_count;

  return jsonb_build_object('phoneCallAttempts', v_attempts, 'videoConversations', v_conversations);
end;
$$;

comment on function public.settle_interrupted_calls(integer) is
  'Settles calls left pending by a stopped server as unknown, freeing their keys; service_role only.';

revoke all on function public.settle_interrupted_calls(integer) from public, anon, authenticated;

grant execute on function public.settle_interrupted_calls(integer) to service_role;
