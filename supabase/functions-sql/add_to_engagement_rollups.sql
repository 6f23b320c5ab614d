-- Adds inserted rows to the totals: per visit (prospect, key) its latest time, whether it opened the
-- page and its talk (page, browser report, phone report) in the rows; per prospect and kind (an
-- event's name, or `call:browser` / `call:phone`) the earliest time in the rows. Parallel arrays.
-- Concurrency: the touched prospects' total rows are created or locked first, in id order, so writers
-- of one prospect take turns (no deadlock), and each later statement here, with a snapshot taken
-- after the lock, sees the visits as the previous writer committed them. Read committed, as on
-- Supabase; under a stricter isolation a concurrent writer makes the lock fail rather than miscount.
create or replace function public.add_to_engagement_rollups(
  visit_prospect_ids uuid[], visit_keys text[], visit_latest_ats timestamptz[], visit_opened boolean[],
  visit_page_talk integer[], visit_browser_talk integer[], visit_phone_talk integer[],
  first_prospect_ids uuid[], first_kinds text[], first_ats timestamptz[]
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into public.engagement_rollups as ro (prospect_id, latest_at, firsts, visits, talk_seconds)
  select distinct p.id, '-infinity'::timestamptz, '{}'::jsonb, 0, 0
  from unnest(visit_prospect_ids) as p(id)
  order by p.id
  on conflict (prospect_id) do update set visits = ro.visits;

  with added as (
    select * from unnest(visit_prospect_ids, visit_keys, visit_latest_ats, visit_opened, visit_page_talk,
      visit_browser_talk, visit_phone_talk)
      as a(prospect_id, visit_key, latest_at, opened, page_talk, browser_talk, phone_talk)
  ),
  prior as (
    select v.prospect_id, v.visit_key, v.opened,
      greatest(v.page_talk_seconds, v.browser_talk_seconds) + v.phone_talk_seconds as talk
    from public.engagement_visit_rollups v
      join added a on a.prospect_id = v.prospect_id and a.visit_key = v.visit_key
  ),
  updated as (
    insert into public.engagement_visit_rollups as v (
      prospect_id, visit_key, latest_at, opened, page_talk_seconds, browser_talk_seconds, phone_talk_seconds
    )
    select a.prospect_id, a.visit_key, a.latest_at, a.opened, a.page_talk, a.browser_talk, a.phone_talk
    from added a
    order by a.prospect_id, a.visit_key
    on conflict (prospect_id, visit_key) do update set
      latest_at = greatest(v.latest_at, excluded.latest_at),
      opened = v.opened or excluded.opened,
      page_talk_seconds = v.page_talk_seconds + excluded.page_talk_seconds,
      browser_talk_seconds = v.browser_talk_seconds + excluded.browser_talk_seconds,
      phone_talk_seconds = v.phone_talk_seconds + excluded.phone_talk_seconds
    returning v.prospect_id, v.visit_key, v.latest_at, v.opened,
      greatest(v.page_talk_seconds, v.browser_talk_seconds) + v.phone_talk_seconds as talk
  ),
  changes as (
    select n.prospect_id, max(n.latest_at) as latest_at,
      (count(*) filter (where n.opened and not coalesce(b.opened, false)))::integer as visits,
      sum(n.talk - coalesce(b.talk, 0))::integer as talk
    from updated n
      left join prior b on b.prospect_id = n.prospect_id and b.visit_key = n.visit_key
    group by n.prospect_id
  ),
  firsts as (
    select f.prospect_id, jsonb_object_agg(f.kind, f.first_at) as firsts
    from (
      select f.prospect_id, f.kind, min(f.at) as first_at
      from unnest(first_prospect_ids, first_kinds, first_ats) as f(prospect_id, kind, at)
      group by f.prospect_id, f.kind
    ) f
    group by f.prospect_id
  )
  update public.engagement_rollups ro
  set latest_at = greatest(ro.latest_at, c.latest_at),
    visits = ro.visits + c.visits,
    talk_seconds = ro.talk_seconds + c.talk,
    -- Each kind keeps the earlier of its two first times.
    firsts = (
      select jsonb_object_agg(k.kind, k.first_at)
      from (
        select e.key as kind, min(e.value::timestamptz) as first_at
        from (
          select o.key, o.value from jsonb_each_text(ro.firsts) o
          union all
          select n.key, n.value from jsonb_each_text(coalesce(f.firsts, '{}'::jsonb)) n
        ) e
        group by e.key
      ) k
    )
  from changes c
    left join firsts f on f.prospect_id = c.prospect_id
  where ro.prospect_id = c.prospect_id;
end;
$$;

revoke all on function public.add_to_engagement_rollups(
  uuid[], text[], timestamptz[], boolean[], integer[], integer[], integer[], uuid[], text[], timestamptz[]
) from public, anon, authenticated;
