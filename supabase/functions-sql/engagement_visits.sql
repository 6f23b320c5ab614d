-- What a visit did, per prospect and visit, with its talk in its three parts (page, browser report,
-- phone report) and in all: `visit_key` is the visit id, or '' for the reports without one.
-- `since`: only what happened after it. The one place that sums a visit up from the rows, for the
-- rollups and for the hot rule's window alike.
create or replace function public.engagement_visits(prospect_ids uuid[], since timestamptz)
returns table (
  prospect_id uuid, visit_key text, latest_at timestamptz, opened boolean, page_talk_seconds integer,
  browser_talk_seconds integer, phone_talk_seconds integer, talk_seconds integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  with events as (
    select e.prospect_id, e.visit_id, max(e.at) as latest, bool_or(e.name = 'page_opened') as opened,
      -- The page's own measure of a browser call is a claim, kept on its event; the voice platform's
      -- report is the fact that counts.
      0 as talk
    from public.engagement_events e
    where e.prospect_id = any (prospect_ids) and (since is null or e.at > since)
    group by e.prospect_id, e.visit_id
  ),
  reports as (
    select r.prospect_id, coalesce(r.visit_id, '') as visit_key, max(coalesce(r.ended_at, r.received_at)) as latest,
      coalesce(sum(r.seconds) filter (where r.source = 'browser'), 0) as browser,
      coalesce(sum(r.seconds) filter (where r.source = 'phone'), 0) as phone
    from public.call_reports r
    where r.prospect_id = any (prospect_ids)
      -- A call ends before its report arrives: the second test is the exact one, the first uses the index.
      and (since is null or (r.received_at > since and coalesce(r.ended_at, r.received_at) > since))
    group by r.prospect_id, coalesce(r.visit_id, '')
  )
  select coalesce(e.prospect_id, r.prospect_id), coalesce(e.visit_id, r.visit_key),
    greatest(e.latest, r.latest), coalesce(e.opened, false), coalesce(e.talk, 0)::integer,
    coalesce(r.browser, 0)::integer, coalesce(r.phone, 0)::integer,
    (greatest(coalesce(e.talk, 0), coalesce(r.browser, 0)) + coalesce(r.phone, 0))::integer
  from events e full join reports r on r.prospect_id = e.prospect_id and r.visit_key = e.visit_id;
$$;

revoke all on function public.engagement_visits(uuid[], timestamptz) from public, anon, authenticated;

grant execute on function public.engagement_visits(uuid[], timestamptz) to service_role;
