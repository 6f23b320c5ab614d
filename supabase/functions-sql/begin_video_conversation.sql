-- Records a conversation about to be asked for and prunes up to 50 records older than
-- `retention_days`; returns its id.
create or replace function public.begin_video_conversation(
  backend text,
  prospect_slug text,
  client_ip_hash text,
  max_duration_seconds integer,
  retention_days integer
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform public.prune_call_records(begin_video_conversation.retention_days, 50);
  insert into public.video_conversations (backend, prospect_slug, client_ip_hash, max_duration_seconds)
  values (begin_video_conversation.backend, begin_video_conversation.prospect_slug,
          begin_video_conversation.client_ip_hash, begin_video_conversation.max_duration_seconds)
  returning id into v_id;
  return v_id;
end;
$$;

revoke all on function public.begin_video_conversation(text, text, text, integer, integer)
  from public, anon, authenticated;

grant execute on function public.begin_video_conversation(text, text, text, integer, integer) to service_role;
