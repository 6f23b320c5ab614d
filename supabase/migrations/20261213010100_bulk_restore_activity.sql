-- A bulk-deleted batch brought back whole: with what its prospects did.
--
-- Deleting a prospect deletes what it did with it (its events, its calls' reports, its calls with the
-- team: the tables refer to the prospect, on delete cascade), and bringing a batch back restored only
-- the prospects' rows, so they returned with no visits, no activity and a fresh "sent" time: the
-- Activity list and the funnel counted them as never opened. A batch can be brought back (Undo, or the
-- deleted prospects' page), so a bulk delete now sets their facts aside under the batch's id, and
-- bringing the batch back puts them back, with the time each prospect was made. The totals, visits and
-- stage times are derived from the facts by triggers, so they come back with them. Facts of a prospect
-- left deleted (its slug taken meanwhile) stay aside with the batch, as its audit entry stays.
create table public.deleted_engagement_events (batch_id uuid not null, like public.engagement_events);
create table public.deleted_call_reports (batch_id uuid not null, like public.call_reports);
create table public.deleted_team_call_reports (batch_id uuid not null, like public.team_call_reports);
create index deleted_engagement_events_batch on public.deleted_engagement_events (batch_id, prospect_id);
create index deleted_call_reports_batch on public.deleted_call_reports (batch_id, prospect_id);
create index deleted_team_call_reports_batch on public.deleted_team_call_reports (batch_id, prospect_id);
create index deleted_engagement_events_at on public.deleted_engagement_events (at);
create index deleted_call_reports_received on public.deleted_call_reports (received_at);
comment on table public.deleted_engagement_events is
  'The events of bulk-deleted prospects, by batch, until the batch is brought back; service_role only.';
comment on table public.deleted_call_reports is
  'The call reports of bulk-deleted prospects, by batch, until the batch is brought back; service_role only.';
comment on table public.deleted_team_call_reports is
  'The team''s call reports of bulk-deleted prospects, by batch, until the batch is brought back; service_role only.';
alter table public.deleted_engagement_events enable row level security;
alter table public.deleted_call_reports enable row level security;
alter table public.deleted_team_call_reports enable row level security;
revoke all on table public.deleted_engagement_events from public, anon, authenticated;
revoke all on table public.deleted_call_reports from public, anon, authenticated;
revoke all on table public.deleted_team_call_reports from public, anon, authenticated;
grant select, insert, update, delete on table public.deleted_engagement_events to service_role;
grant select, insert, update, delete on table public.deleted_call_reports to service_role;
grant select, insert, update, delete on table public.deleted_team_call_reports to service_role;

-- The bulk delete, as before, its prospects' facts set aside with their last values (and when each was made).
create or replace function public.bulk_change_prospects(
  action text, slugs text[], rep_id uuid, owner_id uuid, batch_id uuid, at timestamptz, max_refused integer
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_admin boolean;
  v_set_owner boolean := bulk_change_prospects.action = 'reassign';
  v_ids uuid[];
  v_slugs text[];
  v_found integer;
  v_changed integer := 0;
  v_unchanged integer := 0;
  v_refused jsonb;
  v_refused_count integer;
begin
  if bulk_change_prospects.action is null or bulk_change_prospects.action not in ('reassign', 'delete', 'reread') then
    raise exception 'action must be reassign, delete or reread' using errcode = '22023';
  end if;
  if v_set_owner and bulk_change_prospects.owner_id is not null and not exists (
    select from public.reps r where r.id = bulk_change_prospects.owner_id and r.disabled_at is null
  ) then
    return jsonb_build_object('status', 'owner_unknown');
  end if;
  v_admin := public.prospect_change_refusal(bulk_change_prospects.rep_id, '', null, false, null) is null;

  -- The rows are locked first, in one order, so two bulk actions over the same rows queue rather than deadlock.
  perform 1 from public.prospects p
  where p.slug = any (bulk_change_prospects.slugs) order by p.id for update;

  create temporary table if not exists bulk_rows (
    id uuid, slug text, name text, company_name text, owner_id uuid, website text, refusal jsonb
  ) on commit drop;
  truncate bulk_rows;
  insert into bulk_rows
  select p.id, p.slug, p.name, p.company_name, p.owner_id, p.website,
    case
      when bulk_change_prospects.action = 'delete' and p.slug = 'visitor'
        then jsonb_build_object('status', 'fallback_kept')
      when v_admin then null
      else public.prospect_change_refusal(
        bulk_change_prospects.rep_id, p.slug, p.owner_id, v_set_owner, bulk_change_prospects.owner_id
      )
    end
  from public.prospects p
  where p.slug = any (bulk_change_prospects.slugs);
  get diagnostics v_found = row_count;
  if bulk_change_prospects.action = 'reread' then
    update bulk_rows b set refusal = jsonb_build_object('status', 'no_website')
    where b.refusal is null and b.website is null;
  end if;

  select count(*)::integer into v_refused_count from bulk_rows b where b.refusal is not null;
  select coalesce(jsonb_agg(jsonb_build_object(
      'slug', t.slug, 'name', t.name, 'company_name', t.company_name, 'refusal', t.refusal
    ) order by t.slug), '[]'::jsonb)
  into v_refused
  from (
    select b.* from bulk_rows b where b.refusal is not null order by b.slug
    limit greatest(0, coalesce(bulk_change_prospects.max_refused, 200))
  ) t;

  if bulk_change_prospects.action = 'reassign' then
    select array_agg(b.id) into v_ids from bulk_rows b
    where b.refusal is null and b.owner_id is distinct from bulk_change_prospects.owner_id;
    update public.prospects p
    set owner_id = bulk_change_prospects.owner_id, updated_by = bulk_change_prospects.rep_id,
        updated_at = bulk_change_prospects.at
    where p.id = any (v_ids);
    get diagnostics v_changed = row_count;
    insert into public.prospect_audit (prospect_id, slug, action, rep_id, at, changed)
    select p.id, p.slug, 'update', bulk_change_prospects.rep_id, bulk_change_prospects.at, array['owner']
    from public.prospects p where p.id = any (v_ids);
    select count(*)::integer into v_unchanged from bulk_rows b
    where b.refusal is null and b.owner_id is not distinct from bulk_change_prospects.owner_id;
  elsif bulk_change_prospects.action = 'delete' then
    select array_agg(b.id) into v_ids from bulk_rows b where b.refusal is null;
    insert into public.prospect_audit (prospect_id, slug, action, rep_id, at, last_values, batch_id)
    select p.id, p.slug, 'delete', bulk_change_prospects.rep_id, bulk_change_prospects.at,
      jsonb_build_object(
        'fields', (
          select jsonb_object_agg(f.name, to_jsonb(p) -> f.name)
          from unnest(public.prospect_field_names()) as f(name)
        ),
        'owner_id', p.owner_id,
        'created_at', p.created_at
      ),
      bulk_change_prospects.batch_id
    from public.prospects p where p.id = any (v_ids);
    -- What they did is set aside with the batch, to come back with it.
    insert into public.deleted_engagement_events (batch_id, id, prospect_id, name, visit_id, detail, address_key, at)
    select bulk_change_prospects.batch_id, e.id, e.prospect_id, e.name, e.visit_id, e.detail, e.address_key, e.at
    from public.engagement_events e where e.prospect_id = any (v_ids);
    insert into public.deleted_call_reports (batch_id, call_id, prospect_id, visit_id, source, started_at, ended_at, seconds, ended_reason, summary, transcript, received_at)
    select bulk_change_prospects.batch_id, r.call_id, r.prospect_id, r.visit_id, r.source, r.started_at, r.ended_at, r.seconds, r.ended_reason, r.summary, r.transcript, r.received_at
    from public.call_reports r where r.prospect_id = any (v_ids);
    insert into public.deleted_team_call_reports (batch_id, call_id, prospect_id, source, ended_at, seconds, ended_reason, summary, transcript, received_at)
    select bulk_change_prospects.batch_id, r.call_id, r.prospect_id, r.source, r.ended_at, r.seconds, r.ended_reason, r.summary, r.transcript, r.received_at
    from public.team_call_reports r where r.prospect_id = any (v_ids);
    delete from public.prospects p where p.id = any (v_ids);
    get diagnostics v_changed = row_count;
  else
    select array_agg(b.slug) into v_slugs from bulk_rows b where b.refusal is null;
    if v_slugs is not null then
      v_changed := public.queue_website_reads(v_slugs, null, bulk_change_prospects.at);
    end if;
  end if;

  return jsonb_build_object(
    'status', 'done',
    'changed', v_changed,
    'unchanged', v_unchanged,
    'missing', greatest(0, (
      select count(distinct s)::integer from unnest(bulk_change_prospects.slugs) s
    ) - v_found),
    'refused_count', v_refused_count,
    'refused', v_refused
  );
end;
$$;

-- Bringing a batch back, as before, with what its prospects did.
create or replace function public.restore_prospect_batch(batch_id uuid, rep_id uuid, at timestamptz)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_deleted_by uuid;
  v_total integer;
  v_restored integer;
  v_taken jsonb;
  v_taken_ids uuid[];
begin
  select count(*)::integer, min(a.rep_id::text)::uuid into v_total, v_deleted_by
  from public.prospect_audit a
  where a.batch_id = restore_prospect_batch.batch_id and a.action = 'delete';
  if v_total = 0 then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v_deleted_by is distinct from restore_prospect_batch.rep_id
    and public.prospect_change_refusal(restore_prospect_batch.rep_id, '', null, false, null) is not null then
    return jsonb_build_object('status', 'forbidden');
  end if;
  -- One restore of a batch at a time, so two clicks cannot both bring a prospect back.
  perform pg_advisory_xact_lock(hashtextextended('restore-batch:' || restore_prospect_batch.batch_id::text, 0));

  create temporary table if not exists restore_rows (prospect_id uuid, slug text, last_values jsonb, taken boolean)
    on commit drop;
  truncate restore_rows;
  insert into restore_rows
  select a.prospect_id, a.slug, a.last_values,
    exists (select from public.prospects p where p.slug = a.slug)
  from public.prospect_audit a
  where a.batch_id = restore_prospect_batch.batch_id and a.action = 'delete' and a.last_values is not null
    and not exists (select from public.prospects p where p.id = a.prospect_id);

  execute format(
    'insert into public.prospects (id, %s, owner_id, created_by, updated_by, updated_at, created_at)
     select r.prospect_id, %s,
       (select o.id from public.reps o where o.id = (r.last_values ->> ''owner_id'')::uuid),
       $1, $1, $2, coalesce((r.last_values ->> ''created_at'')::timestamptz, $2)
     from restore_rows r
       cross join lateral jsonb_populate_record(null::public.prospects, r.last_values -> ''fields'') as x
     where not r.taken',
    public.prospect_field_list(), public.prospect_field_list('x.')
  ) using restore_prospect_batch.rep_id, restore_prospect_batch.at;
  get diagnostics v_restored = row_count;

  -- What they did comes back with them, as it was (the ids too, so the order of two facts at one
  -- instant stays): the activity totals, visits and stage times are made again from it by the tables'
  -- own triggers. The team's webhooks are not told again of facts they heard of when they happened.
  -- The batch's facts aside are those of its prospects still deleted: all come back but those whose
  -- slug was taken (a few, if any; an array keeps the plan simple for 50,000 prospects).
  v_taken_ids := array(select r.prospect_id from restore_rows r where r.taken);
  perform set_config('app.bringing_back', 'on', true);
  insert into public.engagement_events (id, prospect_id, name, visit_id, detail, address_key, at) overriding system value
  select d.id, d.prospect_id, d.name, d.visit_id, d.detail, d.address_key, d.at
  from public.deleted_engagement_events d
  where d.batch_id = restore_prospect_batch.batch_id and d.prospect_id <> all (v_taken_ids)
  order by d.id
  on conflict do nothing;
  insert into public.call_reports (call_id, prospect_id, visit_id, source, started_at, ended_at, seconds, ended_reason, summary, transcript, received_at)
  select d.call_id, d.prospect_id, d.visit_id, d.source, d.started_at, d.ended_at, d.seconds, d.ended_reason, d.summary, d.transcript, d.received_at
  from public.deleted_call_reports d
  where d.batch_id = restore_prospect_batch.batch_id and d.prospect_id <> all (v_taken_ids)
  on conflict do nothing;
  insert into public.team_call_reports (call_id, prospect_id, source, ended_at, seconds, ended_reason, summary, transcript, received_at)
  select d.call_id, d.prospect_id, d.source, d.ended_at, d.seconds, d.ended_reason, d.summary, d.transcript, d.received_at
  from public.deleted_team_call_reports d
  where d.batch_id = restore_prospect_batch.batch_id and d.prospect_id <> all (v_taken_ids)
  on conflict do nothing;
  perform set_config('app.bringing_back', '', true);
  delete from public.deleted_engagement_events d
  where d.batch_id = restore_prospect_batch.batch_id and d.prospect_id <> all (v_taken_ids);
  delete from public.deleted_call_reports d
  where d.batch_id = restore_prospect_batch.batch_id and d.prospect_id <> all (v_taken_ids);
  delete from public.deleted_team_call_reports d
  where d.batch_id = restore_prospect_batch.batch_id and d.prospect_id <> all (v_taken_ids);

  insert into public.prospect_audit (prospect_id, slug, action, rep_id, at)
  select r.prospect_id, r.slug, 'restore', restore_prospect_batch.rep_id, restore_prospect_batch.at
  from restore_rows r where not r.taken;

  select coalesce(jsonb_agg(r.slug order by r.slug), '[]'::jsonb) into v_taken from restore_rows r where r.taken;
  return jsonb_build_object(
    'status', 'restored',
    'restored', v_restored,
    'already', v_total - (select count(*)::integer from restore_rows),
    'slug_taken', v_taken
  );
end;
$$;

-- The webhooks' triggers, as before, silent while a batch's facts are put back.
create or replace function public.engagement_events_webhooks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Facts brought back with a deleted batch were sent when they happened.
  if current_setting('app.bringing_back', true) = 'on' then
    return null;
  end if;
  perform public.queue_webhook_deliveries(coalesce((
    select jsonb_agg(jsonb_build_object('prospect_id', n.prospect_id, 'at', n.at,
        'event', case
          when n.name = 'page_opened' then 'opened'
          when n.name in ('demo_call_started', 'video_call_started') then 'tried'
          when n.name = 'phone_call_requested' then 'asked_for_call'
          else 'booked' end,
        'details', case
          when n.name = 'demo_call_started' then jsonb_build_object('how', 'browser call')
          when n.name = 'video_call_started' then jsonb_build_object('how', 'video call')
          when n.name = 'meeting_confirmed' then n.detail || jsonb_build_object('where', 'scheduler')
          when n.name = 'meeting_booked' then n.detail || jsonb_build_object('where', 'demo page')
          else n.detail end)
      order by n.id)
    from new_rows n
    where n.name in ('page_opened', 'demo_call_started', 'video_call_started', 'phone_call_requested',
      'meeting_booked', 'meeting_confirmed')
  ), '[]'::jsonb), now());
  return null;
end;
$$;

create or replace function public.call_reports_webhooks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Facts brought back with a deleted batch were sent when they happened.
  if current_setting('app.bringing_back', true) = 'on' then
    return null;
  end if;
  perform public.queue_webhook_deliveries(coalesce((
    select jsonb_agg(jsonb_build_object('prospect_id', n.prospect_id,
        'at', coalesce(n.ended_at, n.received_at), 'event', 'talked',
        'details', jsonb_build_object('how', case n.source when 'phone' then 'phone call' else 'browser call' end,
          'seconds', n.seconds, 'summary', left(n.summary, 2000)))
      order by n.received_at)
    from new_rows n
  ), '[]'::jsonb), now());
  return null;
end;
$$;

-- The retention's pruning, as before, with the facts set aside.
create or replace function public.prune_engagement(retention_days integer, max_rows integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_cutoff timestamptz;
  v_events integer;
  v_reports integer;
  v_notifications integer;
  v_aside integer;
begin
  if retention_days is null or retention_days not between 1 and 3650 then
    raise exception 'retention_days must be 1 to 3650' using errcode = '22023';
  end if;
  if max_rows is null or max_rows not between 1 and 100000 then
    raise exception 'max_rows must be 1 to 100000' using errcode = '22023';
  end if;
  v_cutoff := now() - make_interval(days => retention_days);

  delete from public.engagement_events d
  where d.id in (
    select o.id from public.engagement_events o
    where o.at < v_cutoff
    order by o.at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_events = row_count;

  delete from public.call_reports d
  where d.call_id in (
    select o.call_id from public.call_reports o
    where o.received_at < v_cutoff
    order by o.received_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_reports = row_count;

  -- A deleted batch's facts set aside to come back with it are kept no longer than the others.
  delete from public.deleted_engagement_events d
  where d.ctid in (
    select o.ctid from public.deleted_engagement_events o
    where o.at < v_cutoff
    order by o.at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_aside = row_count;
  v_events := v_events + v_aside;
  delete from public.deleted_call_reports d
  where d.ctid in (
    select o.ctid from public.deleted_call_reports o
    where o.received_at < v_cutoff
    order by o.received_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_aside = row_count;
  v_reports := v_reports + v_aside;

  delete from public.notification_outbox d
  where d.id in (
    select o.id from public.notification_outbox o
    where o.created_at < v_cutoff and (o.sent_at is not null or o.failed_at is not null)
    order by o.created_at
    limit max_rows
    for update skip locked
  );
  get diagnostics v_notifications = row_count;

  return jsonb_build_object('events', v_events, 'callReports', v_reports, 'notifications', v_notifications);
end;
$$;
