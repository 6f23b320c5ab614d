-- Bringing a batch back, with what its prospects did.
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

revoke all on function public.restore_prospect_batch(uuid, uuid, timestamptz) from public, anon, authenticated;

grant execute on function public.restore_prospect_batch(uuid, uuid, timestamptz) to service_role;
