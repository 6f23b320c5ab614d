import type { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { tidyCallRecords } from '../data/call-record-upkeep.ts'
import { type FakeVapiServer, startFakeVapiServer } from '../testing/fake-vapi-server.ts'
import { type FakeVideoPlatform, startFakeVideoPlatform } from '../testing/fake-video-platform-server.ts'
import { createPhoneCallApp, phoneCallBody, postPhoneCall } from '../testing/phone-call-test-app.ts'
import { createTestBackend, expectClosedToClients, type TestBackend } from '../testing/test-backend.ts'
import { createVideoCallApp, postVideoConversation } from '../testing/video-call-test-app.ts'

// What abuse and time cost the database, through the real app and the embedded Postgres: refused
// requests add nothing, records go after the retention (30 days in these apps), and what one
// accepted call costs.

let backend: TestBackend
let vapi: FakeVapiServer
let video: FakeVideoPlatform
beforeAll(async () => {
  ;[backend, vapi, video] = await Promise.all([
    createTestBackend(),
    startFakeVapiServer(),
    startFakeVideoPlatform(),
  ])
})
afterAll(async () => {
  await Promise.all([vapi.close(), video.close()])
  await backend.db.close()
})
beforeEach(() => backend.db.exec('delete from public.rate_limit_counters'))

/** Rows and bytes (with indexes and TOAST) of every table in `public`. */
async function measureTables(): Promise<Record<string, { rows: number; bytes: number }>> {
  const tables = await backend.db.query<{ name: string; bytes: number }>(
    `select c.relname as name, pg_total_relation_size(c.oid)::integer as bytes
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  )
  const measured: Record<string, { rows: number; bytes: number }> = {}
  for (const { name, bytes } of tables.rows) {
    const count = await backend.db.query<{ n: number }>(`select count(*)::integer as n from public."${name}"`)
    measured[name] = { rows: count.rows[0]?.n ?? -1, bytes }
  }
  return measured
}

/** A valid US number per `i` below 300, so each accepted call can open its own number's bucket. */
const nthNumber = (i: number) =>
  `${[201, 202, 203][Math.floor(i / 100) % 3]} 555 01${String(i % 100).padStart(2, '0')}`

describe('requests refused by a limit', () => {
  it('leave the row count and the size of every table unchanged, thousands of them', async () => {
    const phone = createPhoneCallApp(backend, {
      vapiUrl: vapi.url,
      limits: { perIpHourly: 1, perNumberDaily: 1 },
    })
    const videoApp = createVideoCallApp(backend, {
      backend: 'tavus',
      fake: video,
      limits: { perIpHourly: 1 },
    })
    // The limits' windows are hours and days aligned to the clock, and the scenario takes from seconds
    // to a minute: one that ran across the turn of an hour met empty buckets there, and is run again
    // (within one hour, the next run cannot cross another).
    let crossed = true
    for (let attempt = 0; crossed && attempt < 2; attempt++) {
      const hour = Math.floor(Date.now() / 3_600_000)
      await backend.db.exec('delete from public.rate_limit_counters')
      const outcome = await refuseThousands()
      crossed = Math.floor(Date.now() / 3_600_000) !== hour
      if (!crossed) {
        expect(outcome.statuses).toEqual({ 429: 2000 })
        expect(outcome.dialled).toBe(0)
        expect(outcome.after).toEqual(outcome.before)
      }
    }
    expect(crossed).toBe(false)

    async function refuseThousands() {
      // One call each goes through, so the refusals meet full buckets as an abuser's do.
      expect(
        (await postPhoneCall(phone, phoneCallBody({ number: nthNumber(0) }), '198.51.100.9')).status,
      ).toBe(200)
      expect((await postVideoConversation(videoApp, undefined, '198.51.100.9')).status).toBe(201)
      const before = await measureTables()
      const dialled = vapi.calls().length

      const statuses = new Map<number, number>()
      const count = (res: Response) => statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      for (let i = 1; i <= 1500; i++) {
        // A fresh key each time; half from the full address with new numbers, half from new addresses
        // to the full number, so each refusal names a bucket that has no row yet.
        const body = phoneCallBody({ number: nthNumber(i % 2 === 0 ? i % 300 : 0) })
        const ip = i % 2 === 0 ? '198.51.100.9' : `203.0.113.${i % 250}`
        count(await postPhoneCall(phone, body, ip))
      }
      for (let i = 1; i <= 500; i++) count(await postVideoConversation(videoApp, undefined, '198.51.100.9'))

      return {
        statuses: Object.fromEntries(statuses),
        dialled: vapi.calls().length - dialled,
        before,
        after: await measureTables(),
      }
    }
  }, 600_000)
})

describe('retention', () => {
  const insertOld = (days: number, n: number) =>
    backend.db.exec(`
      insert into public.phone_call_attempts (prospect_slug, country, number_hash, assistant_id, outcome, created_at)
      select 'visitor', 'US', repeat('0', 64), 'a', 'succeeded', now() - interval '${days} days'
      from generate_series(1, ${n});
      insert into public.video_conversations (backend, max_duration_seconds, outcome, created_at)
      select 'tavus', 300, 'failed', now() - interval '${days} days' from generate_series(1, ${n});`)
  const countOlderThan = async (days: number) =>
    (
      await backend.db.query<{ attempts: number; conversations: number }>(
        `select (select count(*)::integer from public.phone_call_attempts
                 where created_at < now() - interval '${days} days') as attempts,
                (select count(*)::integer from public.video_conversations
                 where created_at < now() - interval '${days} days') as conversations`,
      )
    ).rows[0]

  it('deletes call records past it as new calls are recorded, 50 of each kind per call', async () => {
    await insertOld(31, 120)
    await insertOld(29, 3)
    const phone = createPhoneCallApp(backend, { vapiUrl: vapi.url })
    const videoApp = createVideoCallApp(backend, { backend: 'tavus', fake: video })
    expect((await postPhoneCall(phone, phoneCallBody())).status).toBe(200)
    expect(await countOlderThan(30)).toEqual({ attempts: 70, conversations: 70 })
    expect((await postVideoConversation(videoApp)).status).toBe(201)
    expect(await countOlderThan(30)).toEqual({ attempts: 20, conversations: 20 })
    expect((await postPhoneCall(phone, phoneCallBody())).status).toBe(200)
    expect(await countOlderThan(30)).toEqual({ attempts: 0, conversations: 0 })
    expect(await countOlderThan(28)).toEqual({ attempts: 3, conversations: 3 }) // within the retention
  })

  it('deletes them at start too, in one bounded batch', async () => {
    await insertOld(40, 30)
    const upkeep = { retentionDays: 30, interruptedAfterSeconds: 60, exclusive: true }
    const { pruned } = await tidyCallRecords(backend.deps.db, upkeep, true)
    expect(pruned).toEqual({ phoneCallAttempts: 30, videoConversations: 30 })
    expect(await countOlderThan(30)).toEqual({ attempts: 0, conversations: 0 })
  })

  it('lets neither anon nor authenticated run the upkeep functions', async () => {
    await expectClosedToClients(backend, { functions: ['prune_call_records', 'settle_interrupted_calls'] })
  })
})

describe('storage per accepted call', () => {
  it('is about a kilobyte: the attempt with its indexes, and the counters it opens', async () => {
    const phone: Hono = createPhoneCallApp(backend, { vapiUrl: vapi.url })
    const tables = ['phone_call_attempts', 'rate_limit_counters'] as const
    const bytes = async () => {
      const measured = await measureTables()
      return tables.reduce((sum, table) => sum + (measured[table]?.bytes ?? 0), 0)
    }
    const before = await bytes()
    const calls = 300
    for (let i = 0; i < calls; i++) {
      // The worst case: a new address and a new number each time, so two new counters per call.
      const res = await postPhoneCall(
        phone,
        phoneCallBody({ number: nthNumber(i) }),
        `10.1.${i >> 8}.${i & 255}`,
      )
      expect(res.status).toBe(200)
    }
    const perCall = ((await bytes()) - before) / calls
    console.info(`[storage] ${Math.round(perCall)} bytes per accepted phone call (${calls} calls)`)
    expect(perCall).toBeGreaterThan(0)
    expect(perCall).toBeLessThan(2048)
  }, 600_000)
})
