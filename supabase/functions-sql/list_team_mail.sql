-- Each person's latest invitation or new-link mail, for the Team page: to whom, and how it went.
create or replace function public.list_team_mail()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'rep_id', m.rep_id, 'to', m.to_address, 'queued_at', m.created_at, 'sent_at', m.sent_at,
      'failed_at', m.failed_at, 'last_error', m.last_error, 'attempts', m.attempts)), '[]'::jsonb)
  from (
    select distinct on (o.rep_id) o.* from public.mail_outbox o
    where o.rep_id is not null and o.kind in ('invitation', 'new_link')
    order by o.rep_id, o.id desc
  ) m;
$$;

revoke all on function public.list_team_mail() from public, anon, authenticated;

grant execute on function public.list_team_mail() to service_role;
