-- Engagement reps can trust: what a visit reports is bounded by what a visit can be, and the facts the
-- server can check replace the browser's claims.
--   * A visit opens a prospect's page once and books once, and a scheduled meeting is booked once
--     (its address at the scheduler, which the page's booking carries, counts for one prospect):
--     unique indexes (the earliest of any duplicates already stored is kept) and record_events taking
--     a repeat and ignoring it.
--   * Talk time is the voice platform's, from its signed end-of-call reports: the page's own measure
--     of a browser call stays on its event for the timeline but no longer adds to the totals, and no
--     longer queues a "talked" nudge (the report does). The totals are summed up again to match.
-- (The server itself drops events without a visit token for their prospect, bounds a call's seconds by
-- the token's age, and stores a booking only once the scheduler confirms it.)

delete from public.engagement_events d
using public.engagement_events k
where d.name in ('page_opened', 'meeting_booked') and k.name = d.name and k.prospect_id = d.prospect_id
  and k.visit_id = d.visit_id and (k.at, k.id) < (d.at, d.id);

create unique index engagement_events_once_per_visit on public.engagement_events (prospect_id, visit_id, name)
  where name in ('page_opened', 'meeting_booked');
create unique index engagement_events_booking_once on public.engagement_events ((detail ->> 'eventUri'))
  where name = 'meeting_booked' and detail ? 'eventUri';

-- The totals summed up again by the rule above, once the functions are in place.
-- @after-functions
select public.refresh_engagement_rollups(array_agg(p.id)) from public.prospects p;
