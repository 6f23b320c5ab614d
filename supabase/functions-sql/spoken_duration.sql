-- A call's length reads as a person says it, the rule core/spoken-duration.ts writes for the site:
-- whole seconds; under a minute seconds alone ("45 s"), under an hour minutes and the seconds left
-- ("1 min 35 s", "1 min"), from an hour on hours and the whole minutes left ("1 h 2 min", "1 h"), the
-- seconds dropped, never rounded up. A 95-second call was "2 min" in the chat and "1:35" on the page; it is
-- "1 min 35 s" in both now. The text stays composed here, when the nudge is queued, as before; the
-- server's tests hold this function and the site's to the same answers.
create or replace function public.spoken_duration(seconds integer)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select case
    when s < 60 then s || ' s'
    when s < 3600 then (s / 60) || ' min' || case when s % 60 = 0 then '' else ' ' || (s % 60) || ' s' end
    else (s / 3600) || ' h' || case when s % 3600 / 60 = 0 then '' else ' ' || (s % 3600 / 60) || ' min' end
  end
  from (select greatest(spoken_duration.seconds, 0) as s) as t;
$$;

revoke all on function public.spoken_duration(integer) from public, anon, authenticated;

grant execute on function public.spoken_duration(integer) to service_role;
