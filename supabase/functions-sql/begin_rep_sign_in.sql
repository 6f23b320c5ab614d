-- Starts a sign-in: refused when the email's or the address's failures (attempts not known to have
-- succeeded) in the last `window_seconds` reached their limit, else recorded as pending.
-- {"allowed": bool, "retry_after_seconds": n, "attempt_id": uuid|null}. The keys are locked in one
-- order first, so attempts made at once queue and each sees the ones before: the limit is exact.
create or replace function public.begin_rep_sign_in(
  email_key text, address_key text, at timestamptz, window_seconds integer, email_limit integer, address_limit integer
)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_since timestamptz := begin_rep_sign_in.at - make_interval(secs => begin_rep_sign_in.window_seconds);
  v_retry integer := 0;
  v_freed timestamptz;
  v_id uuid;
  v_key text;
begin
  for v_key in
    select k from unnest(array[begin_rep_sign_in.email_key, begin_rep_sign_in.address_key]) as k
    where k is not null order by k
  loop
    perform pg_advisory_xact_lock(hashtextextended('rep-sign-in:' || v_key, 0));
  end loop;

  -- Now and then, forget attempts, sessions and links long past.
  if random() < 0.01 then
    delete from public.rep_sign_in_attempts a where a.at < begin_rep_sign_in.at - interval '1 day';
    delete from public.rep_sessions s where s.expires_at < begin_rep_sign_in.at - interval '30 days';
    delete from public.rep_password_tokens t where t.expires_at < begin_rep_sign_in.at - interval '30 days';
  end if;

  -- The failure whose window ends last among those that must end before a retry can pass.
  select max(f.at) into v_freed from (
    select a.at from public.rep_sign_in_attempts a
    where a.email_key = begin_rep_sign_in.email_key and a.at > v_since and a.succeeded is not true
    order by a.at desc offset greatest(begin_rep_sign_in.email_limit - 1, 0) limit 1
  ) f;
  if v_freed is not null then
    v_retry := ceil(extract(epoch from v_freed - v_since));
  end if;
  if begin_rep_sign_in.address_key is not null then
    select max(f.at) into v_freed from (
      select a.at from public.rep_sign_in_attempts a
      where a.address_key = begin_rep_sign_in.address_key and a.at > v_since and a.succeeded is not true
      order by a.at desc offset greatest(begin_rep_sign_in.address_limit - 1, 0) limit 1
    ) f;
    if v_freed is not null then
      v_retry := greatest(v_retry, ceil(extract(epoch from v_freed - v_since))::integer);
    end if;
  end if;
  if v_retry > 0 then
    return jsonb_build_object('allowed', false, 'retry_after_seconds', v_retry, 'attempt_id', null);
  end if;

  insert into public.rep_sign_in_attempts (at, email_key, address_key)
  values (begin_rep_sign_in.at, begin_rep_sign_in.email_key, begin_rep_sign_in.address_key)
  returning id into v_id;
  return jsonb_build_object('allowed', true, 'retry_after_seconds', 0, 'attempt_id', v_id);
end;
$$;

revoke all on function public.begin_rep_sign_in(text, text, timestamptz, integer, integer, integer)
  from public, anon, authenticated;

grant execute on function public.begin_rep_sign_in(text, text, timestamptz, integer, integer, integer) to service_role;
