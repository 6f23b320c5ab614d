-- Every prospect's first and last page open, from the events ('' when its browser sent no origin).
create or replace function public.prospect_page_opens()
returns table (prospect_id uuid, first_at timestamptz, first_origin text, last_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select distinct on (e.prospect_id) e.prospect_id, e.at, coalesce(e.detail ->> 'origin', ''),
    max(e.at) over (partition by e.prospect_id)
  from public.engagement_events e
  where e.name = 'page_opened'
  order by e.prospect_id, e.at, e.id;
$$;

revoke all on function public.prospect_page_opens() from public, anon, authenticated;
