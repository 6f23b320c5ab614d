-- The funnel from a narrow table: when each prospect first reached each stage, as typed times.
--
-- Reading the stages from the activity totals (engagement_rollups.firsts, a JSON object of text times)
-- cost about 300 ms at 100,000 prospects, most of it turning text into times; the same counts from typed
-- columns take a fifth of that. So the database keeps, per prospect, its owner, its kind of business
-- and when it first reached each of the five stages (sent: when it was created).
--
-- Which kind of fact reaches which stage is the product's rule, written in TypeScript and passed to the
-- funnel with each call. The database keeps a copy of the mapping it last built the table with
-- (funnel_stage_rules); a call with a different mapping rebuilds the table first, in the same
-- transaction, so the counts always follow the rules the server runs with. Until the first call there is
-- no copy and nothing is kept: the first call builds the table.
create table public.funnel_stage_rules (
  -- {"stages": 5, "ranks": {"page_opened": 1, "call:browser": 2, ...}}
  rules jsonb not null
);

create table public.prospect_stage_times (
  prospect_id uuid primary key references public.prospects (id) on delete cascade,
  owner_id uuid,
  template text,
  sent_at timestamptz not null,
  opened_at timestamptz,
  tried_demo_at timestamptz,
  asked_call_at timestamptz,
  booked_at timestamptz
);

alter table public.funnel_stage_rules enable row level security;
alter table public.prospect_stage_times enable row level security;
revoke all on table public.funnel_stage_rules from anon, authenticated;
revoke all on table public.prospect_stage_times from anon, authenticated;
grant select, insert, update, delete on table public.funnel_stage_rules to service_role;
grant select, insert, update, delete on table public.prospect_stage_times to service_role;

-- The funnel, as before (same arguments, same rows), read from the stage times in one pass: each
-- prospect's furthest stage within the period (for the total, the reps and the kinds of business), and
-- for each week of the trend the furthest stage it reached in that week. The site split reads the
-- period's page opens, as before. The mapping of kinds to stages is `rules` (see above); the funnel's
-- stages are the five of the product (sent, opened, tried, asked for a call, booked).
drop function if exists public.get_activity_funnel(text, uuid, timestamptz, timestamptz, integer, jsonb);
