-- A bulk change of prospects; a bulk delete sets its prospects' facts aside with their last values (and when each was made).
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
    public.bulk_row_refusal(
      bulk_change_prospects.action, bulk_change_prospects.rep_id, v_admin, p.slug, p.owner_id, p.website,
      bulk_change_prospects.owner_id
    )
  from public.prospects p
  where p.slug = any (bulk_change_prospects.slugs);
  get diagnostics v_found = row_count;

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

revoke all on function public.bulk_change_prospects(text, text[], uuid, uuid, uuid, timestamptz, integer)
  from public, anon, authenticated;

grant execute on function public.bulk_change_prospects(text, text[], uuid, uuid, uuid, timestamptz, integer)
  to service_role;
