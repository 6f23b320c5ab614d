create or replace function public.set_nudge_channels(chat boolean)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.nudge_channels (id, chat) values (true, set_nudge_channels.chat)
  on conflict (id) do update set chat = excluded.chat;
$$;

revoke all on function public.set_nudge_channels(boolean) from public, anon, authenticated;

grant execute on function public.set_nudge_channels(boolean) to service_role;
