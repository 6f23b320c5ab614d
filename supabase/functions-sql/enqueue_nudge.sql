-- Queues a nudge (`opened`, `asked`, `talked`, `booked`) with its facts, which the server words as it
-- sends it: {"kind", "name", "company", "owner" (the owner's email, or null), "seconds" (a `talked`
-- call's length, or null), "link" (the prospect's activity, or null)}. To the chat unless the team has
-- none; to the owner's mail too (or only) when they chose it, unless they are disabled.
create or replace function public.enqueue_nudge(
  prospect_id uuid, kind text, seconds integer, dedupe_minutes integer, link text, at timestamptz
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_company text;
  v_owner text;
  v_owner_id uuid;
  v_owner_disabled timestamptz;
  v_nudge_mail text;
  v_facts jsonb;
  v_window bigint;
  v_id bigint;
  v_chat boolean;
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
  select p.name, p.company_name, r.email, r.id, r.disabled_at, coalesce(r.nudge_mail, 'off')
    into v_name, v_company, v_owner, v_owner_id, v_owner_disabled, v_nudge_mail
    from public.prospects p left join public.reps r on r.id = p.owner_id
   where p.id = enqueue_nudge.prospect_id;
  if not found then
    return false;
  end if;
  -- A disabled owner gets no mail; the chat still hears of their prospect.
  if v_owner_id is null or v_owner_disabled is not null then
    v_nudge_mail := 'off';
  end if;
  if kind is null or kind not in ('opened', 'asked', 'talked', 'booked') then
    raise exception 'unknown nudge kind %', kind using errcode = '22023';
  end if;
  v_facts := jsonb_build_object('kind', kind, 'name', v_name, 'company', v_company, 'owner', v_owner,
    'seconds', case when kind = 'talked' then seconds end, 'link', link);
  v_chat := coalesce((select c.chat from public.nudge_channels c), true);
  v_window := floor(extract(epoch from at) / (dedupe_minutes * 60));
  insert into public.notification_outbox (prospect_id, kind, dedupe_key, facts, created_at, next_attempt_at, sent_at)
  values (enqueue_nudge.prospect_id, kind, enqueue_nudge.prospect_id || ':' || kind || ':' || v_window, v_facts, at, at,
    case when v_nudge_mail = 'only' or not v_chat then at end)
  on conflict (dedupe_key) do nothing
  returning id into v_id;
  if v_id is not null and v_nudge_mail in ('also', 'only') then
    insert into public.mail_outbox (message_id, kind, rep_id, to_address, facts, created_at, next_attempt_at)
    values ('<nudge-' || v_id || '@nudge>', 'nudge', v_owner_id, v_owner, v_facts, at, at);
  end if;
  return v_id is not null;
end;
$$;

comment on function public.enqueue_nudge(uuid, text, integer, integer, text, timestamptz) is
  'Queues a nudge to the reps unless one of the kind was queued within the window; service_role only.';

revoke all on function public.enqueue_nudge(uuid, text, integer, integer, text, timestamptz) from public, anon, authenticated;

grant execute on function public.enqueue_nudge(uuid, text, integer, integer, text, timestamptz) to service_role;
