import type { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import { type FakeVapiServer, startFakeVapiServer } from '../testing/fake-vapi-server.ts'
import {
  createPhoneCallApp,
  phoneCallBody,
  postPhoneCall,
  TEST_HASH_SECRET,
} from '../testing/phone-call-test-app.ts'
import { createTestBackend, expectClosedToClients, type TestBackend } from '../testing/test-backend.ts'

// Idempotency, limits and what the database keeps: the defences against abuse of paid calls, through the real app,
// the embedded Postgres and a loopback fake of the platform.

let backend: TestBackend
let vapi: FakeVapiServer
let app: Hono
beforeAll(async () => {
  ;[backend, vapi] = await Promise.all([createTestBackend(), startFakeVapiServer()])
  app = createPhoneCallApp(backend, { vapiUrl: vapi.url })
})
afterAll(async () => {
  await vapi.close()
  await backend.db.close()
})
beforeEach(async () => {
  vapi.answerWith(undefined)
  await backend.db.exec('delete from public.rate_limit_counters')
})

/** Deadlines no busy machine reaches, for the test whose count must not depend on speed. */
const SLOW_OK = { timeoutMs: 300_000 }

const readError = async (res: Response) => ((await res.json()) as ErrorBody).error
const countCalls = () => vapi.calls().length

describe('idempotency', () => {
  it('answers the same key again with the first answer, without dialling again', async () => {
    const body = phoneCallBody()
    const before = countCalls()
    const first = await postPhoneCall(app, body)
    const again = await postPhoneCall(app, body)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(await first.json())
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(first.headers.get('Idempotent-Replayed')).toBeNull()
    expect(countCalls() - before).toBe(1)
  })

  it('dials once for concurrent requests with one key (a double click): all get the first answer', async () => {
    const body = phoneCallBody()
    const before = countCalls()
    const answers = await Promise.all(Array.from({ length: 5 }, () => postPhoneCall(app, body)))
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200])
    const ids = new Set(await Promise.all(answers.map(async (res) => (await res.json()).callId)))
    expect(ids.size).toBe(1)
    expect(countCalls() - before).toBe(1)
  })

  it('replays a failure too: after a timeout the phone may ring, so the same key must not dial again', async () => {
    const slow = createPhoneCallApp(backend, { vapiUrl: vapi.url, timeoutMs: 200 })
    vapi.answerWith({ hang: true })
    const body = phoneCallBody()
    const before = countCalls()
    expect((await postPhoneCall(slow, body)).status).toBe(504)
    vapi.answerWith(undefined)
    const again = await postPhoneCall(slow, body)
    expect(again.status).toBe(504)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await readError(again)).code).toBe('phone_call_timeout')
    expect(countCalls() - before).toBe(1)
  })

  it('refuses a key reused for another number, and dials nothing', async () => {
    const body = phoneCallBody()
    await postPhoneCall(app, body)
    const before = countCalls()
    const res = await postPhoneCall(app, { ...body, number: '201 555 0199' })
    expect(res.status).toBe(422)
    expect((await readError(res)).code).toBe('idempotency_key_reused')
    expect(countCalls()).toBe(before)
  })

  it('dials again for the same key once its 10 minutes are over', async () => {
    const body = phoneCallBody()
    await postPhoneCall(app, body)
    await backend.db.query(
      `update public.phone_call_attempts set created_at = now() - interval '11 minutes' where idempotency_key = $1`,
      [body.idempotencyKey],
    )
    const before = countCalls()
    const res = await postPhoneCall(app, body)
    expect(res.headers.get('Idempotent-Replayed')).toBeNull()
    expect(countCalls() - before).toBe(1)
  })
})

describe('limits', () => {
  it('allows 3 calls per number a day (default), whoever asks; the 4th is 429 with Retry-After', async () => {
    const limited = createPhoneCallApp(backend, { vapiUrl: vapi.url, limits: { perNumberDaily: 3 } })
    const number = '(202) 555-0143'
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await postPhoneCall(limited, phoneCallBody({ number }), ip)).status).toBe(200)
    }
    const before = countCalls()
    const res = await postPhoneCall(limited, phoneCallBody({ number }), '198.51.100.4')
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60)
    expect((await readError(res)).message).toMatch(
      /^This number has had all the demo calls allowed for today\. Please try again in (\d+ (hours|minutes)|an hour|a minute)\.$/,
    )
    expect(countCalls()).toBe(before)
    // A number written another way is the same number.
    const rewritten = await postPhoneCall(limited, phoneCallBody({ number: '202.555.0143' }), '198.51.100.5')
    expect(rewritten.status).toBe(429)
  })

  it('counts per client address (IPv6 by its /64), and a limited client does not block others', async () => {
    const limited = createPhoneCallApp(backend, { vapiUrl: vapi.url, limits: { perIpHourly: 2 } })
    const post = (ip: string, n: number) =>
      postPhoneCall(limited, phoneCallBody({ number: `201 555 01${n}` }), ip)
    expect((await post('2001:db8:1:2::a', 10)).status).toBe(200)
    expect((await post('2001:db8:1:2:ffff::b', 11)).status).toBe(200)
    const res = await post('2001:0db8:0001:0002::c', 12)
    expect(res.status).toBe(429)
    expect((await readError(res)).message).toMatch(
      /^Too many call requests from your network\. Please try again in/,
    )
    expect(Number(res.headers.get('Retry-After'))).toBeLessThanOrEqual(60 * 60)
    expect((await post('2001:db8:1:3::a', 13)).status).toBe(200)
  })

  it('records each call let through with its outcome; a refused one leaves no row and its key free', async () => {
    const limited = createPhoneCallApp(backend, { vapiUrl: vapi.url, limits: { globalDaily: 1 } })
    const ok = phoneCallBody()
    const refused = phoneCallBody()
    expect((await postPhoneCall(limited, ok)).status).toBe(200)
    expect((await postPhoneCall(limited, refused)).status).toBe(429)
    const rows = await backend.db.query<Record<string, unknown>>(
      `select idempotency_key, outcome, http_status, error_code, error_message, call_id, prospect_slug, country
       from public.phone_call_attempts where idempotency_key in ($1, $2)`,
      [ok.idempotencyKey, refused.idempotencyKey],
    )
    expect(rows.rows).toEqual([
      {
        idempotency_key: ok.idempotencyKey,
        outcome: 'succeeded',
        http_status: 200,
        error_code: null,
        error_message: null,
        call_id: expect.stringMatching(/^call-/),
        prospect_slug: 'bright-smile-dental',
        country: 'US',
      },
    ])
    await backend.db.exec('delete from public.rate_limit_counters')
    const retried = await postPhoneCall(limited, refused) // same key, judged afresh
    expect(retried.status).toBe(200)
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull()
  })

  it('uses a slot only for a call placed: one the platform refused gives it back, one that timed out keeps it', async () => {
    const limited = createPhoneCallApp(backend, {
      vapiUrl: vapi.url,
      limits: { perProspectDaily: 1 },
      timeoutMs: 500,
    })
    const slug = 'harbor-realty'
    const hits = async () =>
      (
        await backend.db.query<{ hits: number }>(
          `select hits from public.rate_limit_counters where bucket = $1`,
          [`phone:prospect:${slug}`],
        )
      ).rows[0]?.hits
    vapi.answerWith({ status: 400, body: { message: 'Invalid phone number' } })
    expect((await postPhoneCall(limited, phoneCallBody({ slug }))).status).toBe(502)
    expect(await hits()).toBe(0)
    // The platform may have dialled before its answer was lost: that slot stays used.
    vapi.answerWith({ hang: true })
    expect((await postPhoneCall(limited, phoneCallBody({ slug }))).status).toBe(504)
    expect(await hits()).toBe(1)
    await backend.db.exec('delete from public.rate_limit_counters')
    vapi.answerWith(undefined)
    expect((await postPhoneCall(limited, phoneCallBody({ slug }))).status).toBe(200)
    expect((await postPhoneCall(limited, phoneCallBody({ slug }))).status).toBe(429)
  })

  it('lets exactly 40 of 300 concurrent requests through a limit of 40', async () => {
    // The count must not depend on the machine's speed: 300 requests queue for one database (which
    // puts no deadline on work once started), so the platform's deadline is far beyond anything a busy
    // machine takes.
    const limited = createPhoneCallApp(backend, {
      vapiUrl: vapi.url,
      limits: { perProspectDaily: 40 },
      timeoutMs: SLOW_OK.timeoutMs,
    })
    const before = countCalls()
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        postPhoneCall(limited, phoneCallBody({ slug: 'harbor-realty' }), `192.0.2.${i % 250}`),
      ),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(40)
    expect(statuses.filter((status) => status === 429)).toHaveLength(260)
    expect(countCalls() - before).toBe(40)
    const counter = await backend.db.query<{ hits: number }>(
      `select hits from public.rate_limit_counters where bucket = 'phone:prospect:harbor-realty'`,
    )
    expect(counter.rows).toEqual([{ hits: 40 }])
  }, 600_000)
})

describe('what the database keeps', () => {
  it('stores the number and the address only as keyed hashes', async () => {
    const body = phoneCallBody({ number: '+1 (310) 555-0123' })
    await postPhoneCall(app, body, '198.51.100.77')
    const hash = createKeyedHash(TEST_HASH_SECRET)
    const row = await backend.db.query<{ number_hash: string; client_ip_hash: string; everything: string }>(
      `select number_hash, client_ip_hash, a::text as everything from public.phone_call_attempts a
       where idempotency_key = $1`,
      [body.idempotencyKey],
    )
    expect(row.rows[0]?.number_hash).toBe(await hash('phone', '+13105550123'))
    expect(row.rows[0]?.client_ip_hash).toBe(await hash('ip', '198.51.100.77'))
    const inClear = await backend.db.query<{ n: number }>(
      `select ((select count(*) from public.phone_call_attempts a where a::text ~ '3105550123|198\\.51\\.100\\.77')
            + (select count(*) from public.rate_limit_counters c where c::text ~ '3105550123|198\\.51\\.100\\.77'))::int as n`,
    )
    expect(row.rows[0]?.everything).not.toContain('3105550123')
    expect(inClear.rows[0]?.n).toBe(0)
  })

  it('lets neither anon nor authenticated read the tables or run the functions', async () => {
    await expectClosedToClients(backend, {
      tables: ['phone_call_attempts', 'rate_limit_counters'],
      functions: ['check_rate_limits', 'claim_phone_call_attempt', 'finish_phone_call_attempt'],
    })
  })
})
