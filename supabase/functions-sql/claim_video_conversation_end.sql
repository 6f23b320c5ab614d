-- Claims the end of a started conversation:
--   {"state": "unknown"}   no such conversation started (never, or its start failed);
--   {"state": "ended"}     already ended, or another request is ending it right now;
--   {"state": "claimed", "backend", "platformConversationId", "expired"}
--                          this request ends it; `expired`: past its time limit (plus a margin for
--                          the platform's own clock), so there is nothing left to end.
-- The row lock makes concurrent claims queue: exactly one gets "claimed". A claim older than a minute
-- is taken to be lost (its server died mid-request) and can be claimed again.
create or replace function public.claim_video_conversation_end(conversation_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_row public.video_conversations;
begin
  select * into v_row
  from public.video_conversations v
  where v.id = claim_video_conversation_end.conversation_id and v.outcome = 'started'
  for update;
  if not found then
    return jsonb_build_object('state', 'unknown');
  end if;
  if v_row.ended_at is not null or v_row.end_requested_at > now() - interval '1 minute' then
    return jsonb_build_object('state', 'ended');
  end if;
  update public.video_conversations v
  set end_requested_at = now()
  where v.id = v_row.id;
  return jsonb_build_object(
    'state', 'claimed',
    'backend', v_row.backend,
    'platformConversationId', v_row.platform_conversation_id,
    'expired', v_row.created_at + make_interval(secs => v_row.max_duration_seconds + 30) <= now()
  );
end;
$$;

revoke all on function public.claim_video_conversation_end(uuid) from public, anon, authenticated;

grant execute on function public.claim_video_conversation_end(uuid) to service_role;
