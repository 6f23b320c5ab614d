-- Records an attempt's outcome once. `release_buckets` (the claim's buckets, as check_rate_limits took
-- them; null: keep them) gives one slot back in each, when the attempt was still pending: the platform
-- refused the call, so it counts against no limit. The counters are locked in check_rate_limits's
-- order (by key, then window), so a release and concurrent claims never deadlock.
create or replace function public.finish_phone_call_attempt(
  attempt_id uuid,
  outcome text,
  http_status integer,
  error_code text,
  error_message text,
  call_id text,
  release_buckets jsonb
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_created timestamptz;
  v_released integer := 0;
begin
  update public.phone_call_attempts a
  set outcome = finish_phone_call_attempt.outcome,
      http_status = finish_phone_call_attempt.http_status,
      error_code = finish_phone_call_attempt.error_code,
      error_message = finish_phone_call_attempt.error_message,
      call_id = finish_phone_call_attempt.call_id,
      finished_at = now()
  where a.id = finish_phone_call_attempt.attempt_id and a.outcome = 'pending'
  returning a.created_at into v_created;
  if not found then
    return jsonb_build_object('recorded', false, 'released', 0);
  end if;
  if release_buckets is not null then
    with counted as (
      select c.bucket, c.window_seconds, c.window_start
      from public.rate_limit_counters c
      join (
        select distinct x.key, x."windowSeconds" as window_seconds
        from jsonb_to_recordset(release_buckets) as x(key text, "windowSeconds" integer)
      ) b on c.bucket = b.key and c.window_seconds = b.window_seconds
        and c.window_start = to_timestamp(floor(extract(epoch from v_created) / b.window_seconds) * b.window_seconds)
      order by c.bucket, c.window_seconds
      for update of c
    ),
    released as (
      update public.rate_limit_counters c
      set hits = c.hits - 1
      from counted k
      where c.bucket = k.bucket and c.window_seconds = k.window_seconds and c.window_start = k.window_start
        and c.hits > 0
      returning 1
    )
    select count(*)::integer into v_released from released;
  end if;
  return jsonb_build_object('recorded', true, 'released', v_released);
end;
$$;

comment on function public.finish_phone_call_attempt(uuid, text, integer, text, text, text, jsonb) is
  'Records the outcome of a phone-call attempt, giving its limits'' slots back when nothing was dialled; service_role only.';

revoke all on function public.finish_phone_call_attempt(uuid, text, integer, text, text, text, jsonb)
  from public, anon, authenticated;

grant execute on function public.finish_phone_call_attempt(uuid, text, integer, text, text, text, jsonb)
  to service_role;
