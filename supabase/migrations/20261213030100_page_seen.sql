-- Where the demo was seen, exactly: a partner page's visit now names the page (its address, at most
-- 500 characters, and its title, at most 200), stored in its `page_opened` event's detail beside the
-- origin. A title of 200 characters can take 800 bytes in UTF-8, so the detail's bound grows from 512
-- to 2,048 bytes; every other event's detail stays as small as before (their routes bound them).
alter table public.engagement_events drop constraint engagement_events_detail_size;
alter table public.engagement_events add constraint engagement_events_detail_size
  check (octet_length(detail::text) <= 2048);
