import type { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import { createApp } from '../app.ts'
import {
  FAKE_WEBHOOK_PATH,
  type FakeVideoPlatform,
  startFakeVideoPlatform,
} from '../testing/fake-video-platform-server.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import {
  createVideoCallApp,
  postVideoConversation,
  TEST_PERSONA_ID,
  TEST_REPLICA_ID,
  TEST_TAVUS_KEY,
  type VideoCallTestOptions,
} from '../testing/video-call-test-app.ts'

let backend: TestBackend
let fake: FakeVideoPlatform
let tavus: Hono
let webhook: Hono
const appWith = (options: Partial<VideoCallTestOptions>) =>
  createVideoCallApp(backend, { backend: 'tavus', fake, ...options })
beforeAll(async () => {
  ;[backend, fake] = await Promise.all([createTestBackend(), startFakeVideoPlatform()])
  tavus = appWith({})
  webhook = appWith({ backend: 'webhook' })
})
afterAll(async () => {
  await fake.close()
  await backend.db.close()
})
beforeEach(async () => {
  fake.answerCreateWith(undefined)
  fake.answerEndWith(undefined)
  await backend.db.exec('delete from public.rate_limit_counters')
})

const readError = async (res: Response) => ((await res.json()) as ErrorBody).error
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const FAILED = { code: 'video_call_failed', message: 'Unable to start video call. Please try again.' }

describe('POST /api/video/conversations: starting the call', () => {
  it("asks Tavus with the key, the persona's instruction and the time limits, and answers the frame's URL", async () => {
    const res = await postVideoConversation(tavus, { slug: 'bright-smile-dental' })
    expect(res.status).toBe(201)
    const text = await res.text()
    const call = fake.creates().at(-1)
    expect(JSON.parse(text)).toEqual({
      conversationId: expect.stringMatching(UUID),
      conversationUrl: expect.stringMatching(/^https:\/\/tavus\.daily\.co\/c[0-9a-f]+$/),
      maxDurationSeconds: 300,
    })
    expect(text).not.toContain(TEST_TAVUS_KEY)
    expect(call?.path).toBe('/v2/conversations')
    expect(call?.headers['x-api-key']).toBe(TEST_TAVUS_KEY)
    expect(call?.headers['content-type']).toBe('application/json')
    expect(call?.body).toEqual({
      replica_id: TEST_REPLICA_ID,
      persona_id: TEST_PERSONA_ID,
      conversation_name: 'CallPilot video support: Dr. Maya Patel, Bright Smile Dental',
      conversational_context: expect.any(String),
      properties: {
        max_call_duration: 300,
        participant_left_timeout: 10,
        participant_absent_timeout: 60,
        enable_recording: false,
      },
    })
    const context = (call?.body as { conversational_context?: string } | undefined)?.conversational_context
    expect(context).toContain('Greet Dr. Maya Patel warmly by name')
    expect(context).toContain('Bright Smile Dental')
    // What the agent built for them does: its template's purpose.
    expect(context).toContain(
      `That agent ${backend.deps.templates.get('dental').source.purpose}; if they ask what it would do`,
    )
    expect(context).toContain('a real member of the support team')
    // Never denies being an AI when sincerely asked (deliberately: a persona that denied it would mislead a visitor who asks in earnest).
    expect(context).toContain('say honestly that you are an AI video agent')
    expect(context).not.toMatch(/do not (say|admit)[^.]*AI/i)
    expect(context).toContain('"Test in Browser"')
    expect(context).toContain('this call ends after 5 minutes')
  })

  it('sends the shortened time limit of the configuration, and tells the widget', async () => {
    const res = await postVideoConversation(appWith({ maxDurationSeconds: 20 }))
    expect(await res.json()).toMatchObject({ maxDurationSeconds: 20 })
    expect(fake.creates().at(-1)?.body).toMatchObject({ properties: { max_call_duration: 20 } })
  })

  it('posts exactly replica_id, conversation_name and conversational_context to the webhook, unauthenticated', async () => {
    const res = await postVideoConversation(webhook, { slug: 'harbor-realty' })
    expect(res.status).toBe(201)
    const call = fake.creates().at(-1)
    expect(call?.path).toBe(FAKE_WEBHOOK_PATH)
    expect(call?.headers['x-api-key']).toBeUndefined()
    expect(call?.headers.authorization).toBeUndefined()
    expect(call?.body).toEqual({
      replica_id: TEST_REPLICA_ID,
      conversation_name: 'CallPilot video support: James Carter, Harbor Realty Group',
      conversational_context: expect.stringContaining('Greet James Carter warmly by name'),
    })
    expect(await res.json()).toMatchObject({
      conversationUrl: expect.stringMatching(/^https:\/\/tavus\.daily\.co\//),
    })
  })

  it.each([
    ['no body (the landing page)', ''],
    ['no slug', {}],
    ['an unknown slug', { slug: 'nobody-here' }],
    ['the fallback slug', { slug: 'visitor' }],
  ])('greets a visitor without a name for %s', async (_, body) => {
    const res = await postVideoConversation(tavus, body)
    expect(res.status).toBe(201)
    const sent = fake.creates().at(-1)?.body as { conversation_name: string; conversational_context: string }
    expect(sent.conversation_name).toBe('CallPilot video support: website visitor')
    expect(sent.conversational_context).toContain('a visitor to the CallPilot website')
    expect(sent.conversational_context).not.toMatch(/Greet there|your business/)
  })

  it('accepts text/plain from another origin, so no CORS preflight is needed', async () => {
    const res = await postVideoConversation(tavus, { slug: 'visitor' }, '203.0.113.20', {
      'Content-Type': 'text/plain;charset=UTF-8',
      Origin: 'https://partner.example',
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })

  it.each([
    [{ slug: 'Not A Slug' }, 400, 'slug_invalid'],
    ['{"slug":', 400, 'bad_request'],
    [{ slug: 42 }, 400, 'bad_request'],
    [{ slug: 'x'.repeat(2000) }, 413, 'payload_too_large'],
  ])('refuses %j with %i and asks the platform nothing', async (body, status, code) => {
    const before = fake.creates().length
    const res = await postVideoConversation(tavus, body)
    expect(res.status).toBe(status)
    expect((await readError(res)).code).toBe(code)
    expect(fake.creates().length).toBe(before)
  })

  it('says video calls are not configured when no back end is', async () => {
    const res = await postVideoConversation(createApp(backend.deps))
    expect(res.status).toBe(503)
    expect(await readError(res)).toEqual({
      code: 'video_not_configured',
      message: 'Video calls are not available right now.',
    })
  })
})

describe('POST /api/video/conversations: answers that start no call', () => {
  it.each([
    [401, { message: `Invalid key ${TEST_TAVUS_KEY}` }],
    [400, { error: 'replica_id is not valid' }],
    [500, '<html>Internal error</html>'],
  ])('turns a %i into the fixed text, logging the status without the key', async (status, body) => {
    fake.answerCreateWith({ status, body })
    const res = await postVideoConversation(tavus)
    expect(res.status).toBe(502)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ error: FAILED })
    expect(text).not.toMatch(/Invalid key|replica_id|Internal/)
    const logged = String(backend.errors.at(-1)?.[1])
    expect(logged).toContain(`answered ${status}`)
    expect(logged).not.toContain(TEST_TAVUS_KEY)
  })

  it.each([
    ['no conversation_id', { conversation_url: 'https://tavus.daily.co/c1' }],
    ['an empty conversation_id', { conversation_id: '', conversation_url: 'https://tavus.daily.co/c1' }],
    ['a numeric conversation_id', { conversation_id: 7, conversation_url: 'https://tavus.daily.co/c1' }],
  ])('refuses an OK answer with %s', async (_, body) => {
    fake.answerCreateWith({ status: 200, body })
    const res = await postVideoConversation(webhook)
    expect(res.status).toBe(502)
    expect(await readError(res)).toEqual(FAILED)
  })

  it.each([
    ['another host', 'https://evil.example/c9'],
    ['a look-alike host', 'https://tavus.daily.co.evil.example/c9'],
    ['daily.co itself (only its subdomains)', 'https://daily.co/c9'],
    ['plain http', 'http://tavus.daily.co/c9'],
    ['credentials in the URL', 'https://user:pw@tavus.daily.co/c9'],
    ['a script URL', 'javascript:alert(1)'],
    ['a loopback host that is not listed', 'http://127.0.0.1:9/c9'],
    ['no URL', undefined],
  ])('refuses a conversation_url on %s, and Tavus ends the room it made', async (_, url) => {
    fake.answerCreateWith({ status: 200, body: { conversation_id: 'c-unusable', conversation_url: url } })
    const endsBefore = fake.ends().length
    const res = await postVideoConversation(tavus)
    expect(res.status).toBe(502)
    expect(await readError(res)).toEqual(FAILED)
    expect(
      fake
        .ends()
        .slice(endsBefore)
        .map((r) => r.path),
    ).toEqual(['/v2/conversations/c-unusable/end'])
  })

  it('accepts an http loopback room only when its host is listed (local fakes)', async () => {
    const room = `${fake.url}/rooms/c-local`
    fake.answerCreateWith({ status: 200, body: { conversation_id: 'c-local', conversation_url: room } })
    const res = await postVideoConversation(appWith({ allowedHosts: ['127.0.0.1'] }))
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ conversationUrl: room })
  })

  it('gives up after the timeout, once, without retrying', async () => {
    fake.answerCreateWith({ hang: true })
    const before = fake.creates().length
    const started = performance.now()
    const res = await postVideoConversation(appWith({ backend: 'webhook', timeoutMs: 300 }))
    expect(res.status).toBe(504)
    expect(await readError(res)).toEqual({ ...FAILED, code: 'video_call_timeout' })
    expect(performance.now() - started).toBeLessThan(2000)
    expect(fake.creates().length - before).toBe(1)
  })

  it('reports an unreachable platform as a failed start', async () => {
    const closed = await startFakeVideoPlatform()
    await closed.close()
    const res = await postVideoConversation(createVideoCallApp(backend, { backend: 'tavus', fake: closed }))
    expect(res.status).toBe(502)
    expect(await readError(res)).toEqual(FAILED)
  })
})

describe('POST /api/video/conversations: limits', () => {
  it('allows a few calls per client address per hour, then 429 with Retry-After, asking nothing', async () => {
    const app = appWith({ limits: { perIpHourly: 2 } })
    expect((await postVideoConversation(app, {}, '198.51.100.1')).status).toBe(201)
    expect((await postVideoConversation(app, {}, '198.51.100.1')).status).toBe(201)
    const before = fake.creates().length
    const res = await postVideoConversation(app, {}, '198.51.100.1')
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await readError(res)).message).toMatch(
      /^Too many video call requests from your network\. Please try again in (a minute|\d+ minutes|an hour)\.$/,
    )
    expect(fake.creates().length).toBe(before)
    expect((await postVideoConversation(app, {}, '198.51.100.2')).status).toBe(201)
  })

  it("bounds a prospect's calls per day whatever the addresses, and leaves other prospects and the general demo alone", async () => {
    const app = appWith({ limits: { perProspectDaily: 2 } })
    const harbor = { slug: 'harbor-realty' }
    expect((await postVideoConversation(app, harbor, '198.51.100.10')).status).toBe(201)
    expect((await postVideoConversation(app, harbor, '198.51.100.11')).status).toBe(201)
    const res = await postVideoConversation(app, harbor, '198.51.100.12')
    expect(res.status).toBe(429)
    expect((await readError(res)).message).toMatch(
      /^This demo has reached today's video call limit\. Please try again/,
    )
    expect((await postVideoConversation(app, { slug: 'bright-smile-dental' }, '198.51.100.12')).status).toBe(
      201,
    )
    expect((await postVideoConversation(app, {}, '198.51.100.12')).status).toBe(201)
  })

  it('stops every address at the global daily cap', async () => {
    const app = appWith({ limits: { globalDaily: 1 } })
    expect((await postVideoConversation(app, {}, '198.51.100.3')).status).toBe(201)
    const res = await postVideoConversation(app, {}, '198.51.100.4')
    expect(res.status).toBe(429)
    expect((await readError(res)).message).toMatch(/^Our video support line has reached today's call limit/)
  })
})
