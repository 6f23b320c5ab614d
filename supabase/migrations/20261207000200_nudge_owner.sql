-- A nudge names the rep who owns the prospect.
--
-- The reps' channel is shared: "Ana Ruiz (Ruiz Plumbing) booked a meeting" tells everyone what
-- happened but not whose follow-up it is. The owner's email follows the news, "(owner: ann@example.com)",
-- or "(no owner)" for a prospect nobody owns, so the right rep acts and the others need not ask. The
-- email is escaped like every other value a nudge quotes (slack_escape). Nudges already queued are sent
-- as they were composed.

-- As in 20261206000100_slack_text.sql, with the owner.
create or replace function public.enqueue_nudge(
  prospect_id uuid, kind text, seconds integer, dedupe_minutes integer, link text, at timestamptz
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_company text;
  v_owner text;
  v_what text;
  v_text text;
  v_window bigint;
  v_id bigint;
begin
  if dedupe_minutes is null or dedupe_minutes not between 1 and 10080 then
    raise exception 'dedupe_minutes must be 1 to 10080' using errcode = '22023';
  end if;
  if exists (
    select 1 from public.notification_outbox o
    where o.prospect_id = enqueue_nudge.prospect_id and o.kind = enqueue_nudge.kind
      and o.created_at > enqueue_nudge.at - make_interval(mins => dedupe_minutes)
  ) then
    return false;
  end if;
  select p.name, p.company_name, r.email into v_name, v_company, v_owner
    from public.prospects p left join public.reps r on r.id = p.owner_id
   where p.id = enqueue_nudge.prospect_id;
  if not found then
    return false;
  end if;
  v_what := case kind
    when 'opened' then 'opened their demo page'
    when 'talked' then 'talked to their agent for ' || case
      when coalesce(seconds, 0) < 60 then 'under a minute'
      else (round(seconds / 60.0))::integer || ' min' end
    when 'booked' then 'booked a meeting'
  end;
  if v_what is null then
    raise exception 'unknown nudge kind %', kind using errcode = '22023';
  end if;
  v_text := public.slack_escape(v_name) || ' (' || public.slack_escape(v_company) || ') ' || v_what
    || ' (' || coalesce('owner: ' || public.slack_escape(v_owner), 'no owner') || ')'
    || coalesce(' ' || public.slack_link(link, 'See their activity'), '');
  v_window := floor(extract(epoch from at) / (dedupe_minutes * 60));
  insert into public.notification_outbox (prospect_id, kind, dedupe_key, text, created_at, next_attempt_at)
  values (enqueue_nudge.prospect_id, kind, enqueue_nudge.prospect_id || ':' || kind || ':' || v_window, v_text, at, at)
  on conflict (dedupe_key) do nothing
  returning id into v_id;
  return v_id is not null;
end;
$$;
