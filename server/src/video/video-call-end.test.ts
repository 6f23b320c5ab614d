import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import { type FakeVideoPlatform, startFakeVideoPlatform } from '../testing/fake-video-platform-server.ts'
import { TEST_HASH_SECRET } from '../testing/phone-call-test-app.ts'
import { createTestBackend, expectClosedToClients, type TestBackend } from '../testing/test-backend.ts'
import {
  createVideoCallApp,
  postVideoConversation,
  postVideoEnd,
  TEST_TAVUS_KEY,
} from '../testing/video-call-test-app.ts'

// Ending calls (the widget's End call, countdown at 0, close and page hide) and what the database
// keeps, through the real app, the embedded Postgres and a loopback fake of both back ends.

let backend: TestBackend
let fake: FakeVideoPlatform
let tavus: Hono
let webhook: Hono
beforeAll(async () => {
  ;[backend, fake] = await Promise.all([createTestBackend(), startFakeVideoPlatform()])
  tavus = createVideoCallApp(backend, { backend: 'tavus', fake })
  webhook = createVideoCallApp(backend, { backend: 'webhook', fake })
})
afterAll(async () => {
  await fake.close()
  await backend.db.close()
})
beforeEach(() => {
  fake.answerCreateWith(undefined)
  fake.answerEndWith(undefined)
})

const readError = async (res: Response) => ((await res.json()) as ErrorBody).error

/** Starts a call as the widget does; returns our id and the platform's. */
async function startCall(app = tavus, ip = '203.0.113.30') {
  const res = await postVideoConversation(app, { slug: 'harbor-realty' }, ip)
  expect(res.status).toBe(201)
  const { conversationId } = (await res.json()) as { conversationId: string }
  const platformId = (await readRecord(conversationId))?.platform_conversation_id as string
  return { conversationId, platformId }
}

async function readRecord(id: string) {
  const result = await backend.db.query<Record<string, unknown>>(
    `select outcome, error_code, platform_conversation_id, prospect_slug, client_ip_hash, backend,
            max_duration_seconds, ended_at, end_result, end_requested_at
     from public.video_conversations where id = $1`,
    [id],
  )
  return result.rows[0]
}

/** `navigator.sendBeacon(url, 'x')` from a partner page: a CORS "simple" request, no preflight. */
const beacon = { headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'https://partner.example' } }

describe('POST /api/video/conversations/:id/end', () => {
  it('asks Tavus to end the call with the key, once, and records when', async () => {
    const { conversationId, platformId } = await startCall()
    const res = await postVideoEnd(tavus, conversationId)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ conversationId, alreadyEnded: false })
    const end = fake.ends().at(-1)
    expect(end?.path).toBe(`/v2/conversations/${platformId}/end`)
    expect(end?.headers['x-api-key']).toBe(TEST_TAVUS_KEY)
    expect(await readRecord(conversationId)).toMatchObject({
      outcome: 'started',
      end_result: 'ended',
      ended_at: expect.any(Date),
    })
  })

  it('answers a second end (End call, then the page-hide beacon) with 200, asking Tavus nothing more', async () => {
    const { conversationId } = await startCall()
    await postVideoEnd(tavus, conversationId)
    const before = fake.ends().length
    const res = await postVideoEnd(tavus, conversationId, { ...beacon, body: 'end' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ conversationId, alreadyEnded: true })
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(fake.ends().length).toBe(before)
  })

  it('ends once when several ends arrive together', async () => {
    const { conversationId } = await startCall()
    const before = fake.ends().length
    const answers = await Promise.all([1, 2, 3].map(() => postVideoEnd(tavus, conversationId, beacon)))
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200])
    const bodies = await Promise.all(answers.map(async (res) => (await res.json()).alreadyEnded))
    expect(bodies.sort()).toEqual([false, true, true])
    expect(fake.ends().length - before).toBe(1)
  })

  it.each([
    ['an id we never gave out', randomUUID()],
    ['something that is not an id', 'c123456'],
  ])('answers 404 for %s', async (_, id) => {
    const res = await postVideoEnd(tavus, id)
    expect(res.status).toBe(404)
    expect(await readError(res)).toEqual({
      code: 'video_conversation_not_found',
      message: 'This video call was not found.',
    })
  })

  it('answers 404 for a start that failed: there is no call to end', async () => {
    fake.answerCreateWith({ status: 500, body: {} })
    expect((await postVideoConversation(tavus)).status).toBe(502)
    const failed = await backend.db.query<{ id: string; outcome: string; error_code: string }>(
      `select id, outcome, error_code from public.video_conversations order by created_at desc limit 1`,
    )
    expect(failed.rows[0]).toMatchObject({ outcome: 'failed', error_code: 'video_call_failed' })
    expect((await postVideoEnd(tavus, failed.rows[0]?.id as string)).status).toBe(404)
  })

  it('answers 502 when Tavus cannot end the call, and a later end tries again', async () => {
    const { conversationId } = await startCall()
    fake.answerEndWith({ status: 503, body: { message: 'busy' } })
    const res = await postVideoEnd(tavus, conversationId)
    expect(res.status).toBe(502)
    expect((await readError(res)).code).toBe('video_end_failed')
    expect(await readRecord(conversationId)).toMatchObject({ ended_at: null, end_requested_at: null })
    fake.answerEndWith(undefined)
    const again = await postVideoEnd(tavus, conversationId)
    expect(await again.json()).toEqual({ conversationId, alreadyEnded: false })
    expect(await readRecord(conversationId)).toMatchObject({ end_result: 'ended' })
  })

  it('takes a Tavus "no such conversation" as ended: nothing is left to bill', async () => {
    const { conversationId } = await startCall()
    fake.answerEndWith({ status: 400, body: { error: 'Invalid conversation_id' } })
    expect((await postVideoEnd(tavus, conversationId)).status).toBe(200)
    expect(await readRecord(conversationId)).toMatchObject({ end_result: 'gone' })
  })

  it('does not ask Tavus about a call past its time limit: the platform ended it', async () => {
    const { conversationId } = await startCall()
    await backend.db.query(
      `update public.video_conversations set created_at = now() - interval '400 seconds' where id = $1`,
      [conversationId],
    )
    const before = fake.ends().length
    expect((await postVideoEnd(tavus, conversationId)).status).toBe(200)
    expect(fake.ends().length).toBe(before)
    expect(await readRecord(conversationId)).toMatchObject({ end_result: 'expired' })
  })

  it('only records the end with the webhook, which has no end API (the time limit ends the call)', async () => {
    const { conversationId } = await startCall(webhook)
    const before = fake.requests.length
    const res = await postVideoEnd(webhook, conversationId, beacon)
    expect(await res.json()).toEqual({ conversationId, alreadyEnded: false })
    expect(fake.requests.length).toBe(before)
    expect(await readRecord(conversationId)).toMatchObject({ backend: 'webhook', end_result: 'recorded' })
  })
})

describe('what the database keeps', () => {
  it("records the call with the platform's id and the address only as a keyed hash", async () => {
    const { conversationId, platformId } = await startCall(tavus, '198.51.100.88')
    expect(platformId).toMatch(/^c[0-9a-f]+$/)
    expect(await readRecord(conversationId)).toEqual({
      outcome: 'started',
      error_code: null,
      platform_conversation_id: platformId,
      prospect_slug: 'harbor-realty',
      client_ip_hash: await createKeyedHash(TEST_HASH_SECRET)('ip', '198.51.100.88'),
      backend: 'tavus',
      max_duration_seconds: 300,
      ended_at: null,
      end_result: null,
      end_requested_at: null,
    })
    const inClear = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from public.video_conversations v where v::text ~ '198\\.51\\.100\\.88'`,
    )
    expect(inClear.rows[0]?.n).toBe(0)
  })

  it('records nothing for a request refused by the limits: nothing was asked for', async () => {
    const limited = createVideoCallApp(backend, { backend: 'tavus', fake, limits: { perIpHourly: 0 } })
    const count = async () =>
      (await backend.db.query<{ n: number }>('select count(*)::int as n from public.video_conversations'))
        .rows[0]?.n
    const before = await count()
    expect((await postVideoConversation(limited)).status).toBe(429)
    expect(await count()).toBe(before)
  })

  it('lets neither anon nor authenticated read the record or run its functions', async () => {
    await expectClosedToClients(backend, {
      tables: ['video_conversations'],
      functions: [
        'begin_video_conversation',
        'finish_video_conversation',
        'claim_video_conversation_end',
        'finish_video_conversation_end',
      ],
    })
  })
})
