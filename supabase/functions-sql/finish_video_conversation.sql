-- Records what the platform answered, once: outcome 'started' with its conversation id, or 'failed'
-- with the error code the visitor got.
create or replace function public.finish_video_conversation(
  conversation_id uuid,
  outcome text,
  platform_conversation_id text,
  error_code text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.video_conversations v
  set outcome = finish_video_conversation.outcome,
      platform_conversation_id = finish_video_conversation.platform_conversation_id,
      error_code = finish_video_conversation.error_code
  where v.id = finish_video_conversation.conversation_id and v.outcome = 'pending';
  return jsonb_build_object('recorded', found);
end;
$$;

revoke all on function public.finish_video_conversation(uuid, text, text, text) from public, anon, authenticated;

grant execute on function public.finish_video_conversation(uuid, text, text, text) to service_role;
