-- Records how a claimed end went: `end_result` null means the platform could not end the call, so
-- the claim is released and a later request may try again.
create or replace function public.finish_video_conversation_end(conversation_id uuid, end_result text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.video_conversations v
  set ended_at = case when finish_video_conversation_end.end_result is null then null else now() end,
      end_result = finish_video_conversation_end.end_result,
      end_requested_at = case when finish_video_conversation_end.end_result is null then null
                              else v.end_requested_at end
  where v.id = finish_video_conversation_end.conversation_id and v.ended_at is null;
  return jsonb_build_object('recorded', found);
end;
$$;

revoke all on function public.finish_video_conversation_end(uuid, text) from public, anon, authenticated;

grant execute on function public.finish_video_conversation_end(uuid, text) to service_role;
