import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimPhoneCallAttempt } from '../calls/phone-call-attempts.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import { type CallRecordUpkeep, tidyCallRecords } from '../data/call-record-upkeep.ts'
import { type FakeVapiServer, startFakeVapiServer } from '../testing/fake-vapi-server.ts'
import {
  createPhoneCallApp,
  phoneCallBody,
  postPhoneCall,
  TEST_ASSISTANT_ID,
  TEST_HASH_SECRET,
} from '../testing/phone-call-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { beginVideoConversation } from '../video/video-conversations.ts'

// A server stopped mid-call (a kill, a crash) leaves its attempt `pending`, and with it the
// idempotency key: a retry must not be refused for ever. Through the real app and database; the
// stopped server is played by claiming an attempt and never finishing it.

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

const hash = createKeyedHash(TEST_HASH_SECRET)
/** Each test its own number, so it reads only its own attempts. */
const numbers = (n: number) => ({ national: `(201) 555-01${n}`, e164: `+120155501${n}` })

/** What the stopped server had done: the key claimed and the limits counted, no answer recorded. */
async function interruptedAttempt(idempotencyKey: string, e164: string) {
  const claim = await claimPhoneCallAttempt(
    backend.deps.db,
    {
      idempotencyKey,
      slug: 'bright-smile-dental',
      country: 'US',
      numberHash: await hash('phone', e164),
      clientIpHash: null,
      assistantId: TEST_ASSISTANT_ID,
    },
    {
      buckets: [{ key: 'test:global', limit: 1000, windowSeconds: 60 }],
      retentionDays: 30,
      staleAfterSeconds: 60,
    },
  )
  expect(claim.state).toBe('started')
}

const readAttempts = async (e164: string) =>
  (
    await backend.db.query<{ outcome: string; has_key: boolean; finished: boolean }>(
      `select outcome, idempotency_key is not null as has_key, finished_at is not null as finished
       from public.phone_call_attempts where number_hash = $1 order by created_at`,
      [await hash('phone', e164)],
    )
  ).rows

const upkeep = (exclusive: boolean): CallRecordUpkeep => ({
  retentionDays: 30,
  interruptedAfterSeconds: 3600,
  exclusive,
})

describe('calls a stopped server left pending', () => {
  it('are settled as unknown when the only server starts again, and a retry with the key dials', async () => {
    const { national, e164 } = numbers(11)
    const key = randomUUID()
    const body = phoneCallBody({ number: national, idempotencyKey: key })
    await interruptedAttempt(key, e164)
    const conversationId = await beginVideoConversation(backend.deps.db, {
      backend: 'tavus',
      prospectSlug: null,
      clientIpHash: null,
      maxDurationSeconds: 300,
      retentionDays: 30,
    })

    const { settled } = await tidyCallRecords(backend.deps.db, upkeep(true), true)
    expect(settled.phoneCallAttempts).toBeGreaterThanOrEqual(1)
    expect(settled.videoConversations).toBeGreaterThanOrEqual(1)
    const video = await backend.db.query<{ outcome: string }>(
      'select outcome from public.video_conversations where id = $1',
      [conversationId],
    )
    expect(video.rows).toEqual([{ outcome: 'unknown' }])

    const before = vapi.calls().length
    const retry = await postPhoneCall(app, body)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull()
    expect(vapi.calls().length - before).toBe(1)
    expect(await readAttempts(e164)).toEqual([
      { outcome: 'unknown', has_key: false, finished: true },
      { outcome: 'succeeded', has_key: true, finished: true },
    ])
  })

  it('are left alone while young when other servers share the database: they may be mid-call', async () => {
    const { national, e164 } = numbers(12)
    const key = randomUUID()
    const body = phoneCallBody({ number: national, idempotencyKey: key })
    await interruptedAttempt(key, e164)
    await tidyCallRecords(backend.deps.db, upkeep(false), true)
    expect(await readAttempts(e164)).toEqual([{ outcome: 'pending', has_key: true, finished: false }])
    // The first request may still be placing the call: a duplicate waits for it, then gives up.
    const impatient = createPhoneCallApp(backend, { vapiUrl: vapi.url, replayWaitMs: 300 })
    expect((await postPhoneCall(impatient, body)).status).toBe(409)
  }, 120_000)

  it('free their key without a restart once older than any live request', async () => {
    const { national, e164 } = numbers(13)
    const key = randomUUID()
    const body = phoneCallBody({ number: national, idempotencyKey: key })
    await interruptedAttempt(key, e164)
    // Past the platform's timeout (30 s in the test app) and a minute's margin, no request holds it.
    await backend.db.query(
      `update public.phone_call_attempts set created_at = now() - interval '2 minutes' where idempotency_key = $1`,
      [key],
    )
    const before = vapi.calls().length
    const retry = await postPhoneCall(app, body)
    expect(retry.status).toBe(200)
    expect(vapi.calls().length - before).toBe(1)
    expect(await readAttempts(e164)).toEqual([
      { outcome: 'unknown', has_key: false, finished: true },
      { outcome: 'succeeded', has_key: true, finished: true },
    ])
  })
})
