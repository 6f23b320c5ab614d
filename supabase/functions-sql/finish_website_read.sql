-- Ends one reading. Read: each proposed value fills its field only where the prospect has none (nothing
-- a rep wrote is replaced), and only while the prospect's website is still the one read; the fields
-- filled are kept for the rep and written to the prospect's history. Failed: the reason, for the rep.
create or replace function public.finish_website_read(
  prospect_id uuid, website text, facts jsonb, error text, at timestamptz
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_old public.prospects;
  v_new jsonb;
  v_filled text[] := '{}';
  v_fact record;
begin
  select * into v_old from public.prospects p where p.id = finish_website_read.prospect_id for update;
  if v_old.id is null then
    return jsonb_build_object('status', 'gone');
  end if;
  if finish_website_read.error is not null then
    update public.website_reads w
    set status = 'failed', error = left(finish_website_read.error, 300), lease_until = null,
        updated_at = finish_website_read.at
    where w.prospect_id = finish_website_read.prospect_id and w.website = finish_website_read.website;
    return jsonb_build_object('status', 'failed');
  end if;
  if v_old.website is distinct from finish_website_read.website then
    update public.website_reads w
    set status = 'failed', error = 'The website changed while it was being read; try again.',
        lease_until = null, updated_at = finish_website_read.at
    where w.prospect_id = finish_website_read.prospect_id;
    return jsonb_build_object('status', 'website_changed');
  end if;
  v_new := to_jsonb(v_old);
  for v_fact in
    select f.key, f.value from jsonb_each_text(coalesce(finish_website_read.facts, '{}'::jsonb)) as f(key, value)
  loop
    if v_fact.key = any (public.prospect_field_names()) and v_fact.key not in ('slug', 'name', 'website')
      and (v_new ->> v_fact.key) is null and v_fact.value is not null then
      v_new := jsonb_set(v_new, array[v_fact.key], to_jsonb(v_fact.value));
      v_filled := v_filled || v_fact.key;
    end if;
  end loop;
  if cardinality(v_filled) > 0 then
    execute format(
      'update public.prospects p
       set (%s) = (select %s from jsonb_populate_record(null::public.prospects, $1) as x), updated_at = now()
       where p.id = $2',
      public.prospect_field_list(), public.prospect_field_list('x.')
    )
    using v_new, v_old.id;
    insert into public.prospect_audit (prospect_id, slug, action, rep_id, changed)
    values (v_old.id, v_old.slug, 'website', null, v_filled);
  end if;
  update public.website_reads w
  set status = 'read', error = null, filled = v_filled, lease_until = null, updated_at = finish_website_read.at
  where w.prospect_id = finish_website_read.prospect_id;
  return jsonb_build_object('status', 'read', 'filled', to_jsonb(v_filled));
end;
$$;

revoke all on function public.finish_website_read(uuid, text, jsonb, text, timestamptz) from public, anon, authenticated;

grant execute on function public.finish_website_read(uuid, text, jsonb, text, timestamptz) to service_role;
