-- A prospect added, by a rep's form, an import or the command line.
create or replace function public.prospects_webhooks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.queue_webhook_deliveries(coalesce((
    select jsonb_agg(jsonb_build_object('prospect_id', n.id, 'at', n.created_at, 'event', 'prospect_created',
        'details', jsonb_strip_nulls(jsonb_build_object('city', n.city, 'website', n.website,
          'template', n.template)))
      order by n.created_at, n.slug)
    from new_rows n
  ), '[]'::jsonb), now());
  return null;
end;
$$;

revoke all on function public.prospects_webhooks() from public, anon, authenticated;

create or replace trigger prospects_webhooks after insert on public.prospects
  referencing new table as new_rows for each statement execute function public.prospects_webhooks();
