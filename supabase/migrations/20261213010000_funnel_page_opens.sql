-- The funnel's site split without reading the period's events.
--
-- "Where the demo was seen" counts each prospect by the origin of its first page open in the period.
-- Finding those among the period's events (a sort of every open in it: 100,000 rows for 30 days of a
-- 100,000-prospect team) was about a third of the funnel's time. Most prospects counted opened for the
-- first time in the period, so the stage times now also keep each prospect's first page open of all
-- (when, and the origin its browser sent) and its last: when the first falls in the period it is the
-- period's first open, and when the last falls before the period there is none in it. Only a prospect
-- that opened both before and since the period's start is looked up in its own events (an index read
-- of a few rows). Of two opens at one instant, the one written first counts, in both ways.
alter table public.prospect_stage_times
  add column first_open_at timestamptz,
  add column first_open_origin text,
  add column last_open_at timestamptz;

-- What is kept already gets its opens now, once the functions are in place.
-- @after-functions
update public.prospect_stage_times t
set first_open_at = o.first_at, first_open_origin = o.first_origin, last_open_at = o.last_at
from public.prospect_page_opens() o
where o.prospect_id = t.prospect_id;
