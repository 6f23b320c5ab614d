import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestBackend, expectClosedToClients, type TestBackend } from '../testing/test-backend.ts'
import { type CallRecordUpkeep, tidyCallRecords } from './call-record-upkeep.ts'
import { pruneEngagement, pruneEngagementBacklog } from './engagement-retention.ts'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())
beforeEach(() =>
  backend.db.exec(
    'delete from public.engagement_events; delete from public.call_reports; delete from public.notification_outbox',
  ),
)

const UPKEEP: CallRecordUpkeep = {
  retentionDays: 30,
  interruptedAfterSeconds: 60,
  exclusive: true,
  engagementRetentionDays: 180,
}

/** Events `daysAgo` old, for the seeded prospect, each with its own visit so they can be told apart. */
const insertEvents = (daysAgo: number, n: number, tag: string) =>
  backend.db.exec(`
    insert into public.engagement_events (prospect_id, name, visit_id, at)
    select p.id, 'page_opened', '${tag}-' || lpad(g::text, 16, '0'), now() - make_interval(days => ${daysAgo}) - make_interval(secs => g)
    from public.prospects p, generate_series(1, ${n}) g where p.slug = 'bright-smile-dental'`)

const insertReport = (callId: string, daysAgo: number) =>
  backend.db.exec(`
    insert into public.call_reports (call_id, prospect_id, source, received_at)
    select '${callId}', p.id, 'browser', now() - make_interval(days => ${daysAgo})
    from public.prospects p where p.slug = 'bright-smile-dental'`)

/** A nudge `daysAgo` old: `sent`, `failed` or still `waiting` for its drainer. */
const insertNudge = (key: string, daysAgo: number, state: 'sent' | 'failed' | 'waiting') =>
  backend.db.exec(`
    insert into public.notification_outbox (prospect_id, kind, dedupe_key, text, created_at, sent_at, failed_at)
    select p.id, 'opened', '${key}', 'x', now() - make_interval(days => ${daysAgo}),
      ${state === 'sent' ? 'now()' : 'null'}, ${state === 'failed' ? 'now()' : 'null'}
    from public.prospects p where p.slug = 'bright-smile-dental'`)

const visits = async () =>
  (
    await backend.db.query<{ tag: string; n: number }>(
      `select split_part(visit_id, '-', 1) as tag, count(*)::integer as n from public.engagement_events group by 1 order by 1`,
    )
  ).rows
const callIds = async () =>
  (
    await backend.db.query<{ call_id: string }>('select call_id from public.call_reports order by 1')
  ).rows.map((row) => row.call_id)
const nudgeKeys = async () =>
  (
    await backend.db.query<{ dedupe_key: string }>(
      'select dedupe_key from public.notification_outbox order by 1',
    )
  ).rows.map((row) => row.dedupe_key)

describe('engagement retention', () => {
  it('the upkeep deletes events and call reports past the retention and settled nudges, and keeps the rest', async () => {
    await insertEvents(181, 3, 'old')
    await insertEvents(179, 2, 'kept')
    await insertReport('call-old', 181)
    await insertReport('call-kept', 10)
    await insertNudge('sent-old', 181, 'sent')
    await insertNudge('failed-old', 200, 'failed')
    await insertNudge('waiting-old', 181, 'waiting')
    await insertNudge('sent-kept', 1, 'sent')
    const { engagement } = await tidyCallRecords(backend.deps.db, UPKEEP, true)
    expect(engagement).toEqual({ events: 3, callReports: 1, notifications: 2 })
    expect(await visits()).toEqual([{ tag: 'kept', n: 2 }])
    expect(await callIds()).toEqual(['call-kept'])
    // A nudge not yet delivered is its drainer's to settle, however old.
    expect(await nudgeKeys()).toEqual(['sent-kept', 'waiting-old'])
  })

  it('prunes the facts of a deleted batch set aside to come back with it as it prunes the others', async () => {
    const batch = '00000000-0000-4000-8000-00000000ba7c'
    await backend.db.exec(`
      insert into public.deleted_engagement_events (batch_id, id, prospect_id, name, visit_id, detail, at)
      values ('${batch}', 900001, gen_random_uuid(), 'page_opened', 'aside-0000000000000001', '{}', now() - interval '181 days'),
        ('${batch}', 900002, gen_random_uuid(), 'page_opened', 'aside-0000000000000002', '{}', now() - interval '1 day');
      insert into public.deleted_call_reports (batch_id, call_id, prospect_id, source, transcript, received_at)
      values ('${batch}', 'aside-old', gen_random_uuid(), 'browser', '[]', now() - interval '181 days'),
        ('${batch}', 'aside-kept', gen_random_uuid(), 'browser', '[]', now() - interval '1 day');`)
    expect(await pruneEngagement(backend.deps.db, 180, 100)).toEqual({
      events: 1,
      callReports: 1,
      notifications: 0,
    })
    const { rows } = await backend.db.query<{ kept: string }>(
      `select visit_id as kept from public.deleted_engagement_events
       union all select call_id from public.deleted_call_reports order by 1`,
    )
    expect(rows.map((row) => row.kept)).toEqual(['aside-0000000000000002', 'aside-kept'])
  })

  it('deletes at most max_rows of each per call, the oldest first', async () => {
    await insertEvents(300, 2, 'oldest')
    await insertEvents(200, 3, 'older')
    expect(await pruneEngagement(backend.deps.db, 180, 2)).toEqual({
      events: 2,
      callReports: 0,
      notifications: 0,
    })
    expect(await visits()).toEqual([{ tag: 'older', n: 3 }])
  })

  it('works through a backlog batch by batch, stopping at its bound or when a batch is not full', async () => {
    await insertEvents(200, 7, 'old')
    expect(await pruneEngagementBacklog(backend.deps.db, 180, 2, 2)).toMatchObject({ events: 4 })
    expect(await visits()).toEqual([{ tag: 'old', n: 3 }])
    expect(await pruneEngagementBacklog(backend.deps.db, 180, 2, 10)).toMatchObject({ events: 3 })
    expect(await visits()).toEqual([])
  })

  it('leaves engagement alone when the upkeep has no engagement retention', async () => {
    await insertEvents(400, 1, 'old')
    const { engagement } = await tidyCallRecords(
      backend.deps.db,
      { retentionDays: 30, interruptedAfterSeconds: 60, exclusive: true },
      true,
    )
    expect(engagement).toBeNull()
    expect(await visits()).toEqual([{ tag: 'old', n: 1 }])
  })

  it('refuses a retention outside 1 to 3650 days, and lets nobody but the server run the functions', async () => {
    await expect(pruneEngagement(backend.deps.db, 0, 10)).rejects.toMatchObject({ code: '22023' })
    await expectClosedToClients(backend, {
      tables: ['engagement_events', 'call_reports', 'notification_outbox'],
      functions: ['prune_engagement', 'record_events'],
    })
  })
})
