-- A phone-call limit's slot is used only by a call that was placed. When the voice platform answers a
-- request with a refusal, nothing was dialled: the server gives back the slots the claim counted, in
-- the windows the claim counted them in (those of the attempt's creation, the claim's own clock).
-- `release_key` (never used: every recorded attempt keeps its key to replay its answer) gives way to
-- `release_buckets`.

drop function if exists public.finish_phone_call_attempt(uuid, text, integer, text, text, text, boolean);
