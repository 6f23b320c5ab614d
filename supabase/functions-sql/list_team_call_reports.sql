-- A prospect's team calls, newest first, at most `max_rows`, as Timeline entries.
create or replace function public.list_team_call_reports(slug text, max_rows integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'kind', 'call_report', 'at', coalesce(r.ended_at, r.received_at), 'source', r.source, 'seconds', r.seconds,
    'ended_reason', r.ended_reason, 'summary', r.summary, 'transcript', r.transcript, 'team', true
  ) order by coalesce(r.ended_at, r.received_at) desc), '[]')
  from (
    select r.* from public.team_call_reports r join public.prospects p on p.id = r.prospect_id
    where p.slug = list_team_call_reports.slug
    order by coalesce(r.ended_at, r.received_at) desc
    limit greatest(1, least(coalesce(list_team_call_reports.max_rows, 200), 1000))
  ) r;
$$;

revoke all on function public.list_team_call_reports(text, integer) from public, anon, authenticated;

grant execute on function public.list_team_call_reports(text, integer) to service_role;
