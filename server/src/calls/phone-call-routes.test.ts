import type { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createAgentSettings, toAssistantOverrides } from '#core/agent-settings.ts'
import type { ErrorBody } from '#core/errors.ts'
import type { ProspectResponse } from '#core/prospect.ts'
import { createApp } from '../app.ts'
import { type FakeVapiServer, startFakeVapiServer } from '../testing/fake-vapi-server.ts'
import {
  createPhoneCallApp,
  phoneCallBody,
  postPhoneCall,
  TEST_ASSISTANT_ID,
  TEST_MODEL,
  TEST_PHONE_NUMBER_ID,
  TEST_PRIVATE_KEY,
} from '../testing/phone-call-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { MAX_BODY_BYTES } from './phone-call-routes.ts'

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
beforeEach(() => vapi.answerWith(undefined))

const readError = async (res: Response) => ((await res.json()) as ErrorBody).error
/** The prospect as its page gets it from the prospect API. */
const servedProspect = async (slug: string) =>
  ((await (await app.request(`/api/prospects/${slug}`)).json()) as ProspectResponse).prospect

describe('POST /api/calls/phone: placing the call', () => {
  it('asks the platform to dial the E.164 number with the private key, and answers what to show', async () => {
    const visitId = 'visit-0123456789abcdef'
    const res = await postPhoneCall(app, phoneCallBody({ number: '(201) 555-0123', visitId }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toEqual({ callId: expect.stringMatching(/^call-\d+$/), number: '+12015550123' })
    const call = vapi.calls().at(-1)
    expect(call?.method).toBe('POST')
    expect(call?.path).toBe('/call')
    expect(call?.headers.authorization).toBe(`Bearer ${TEST_PRIVATE_KEY}`)
    expect(call?.headers['content-type']).toBe('application/json')
    expect(call?.body).toEqual({
      assistantId: TEST_ASSISTANT_ID,
      phoneNumberId: TEST_PHONE_NUMBER_ID,
      customer: { number: '+12015550123' },
      // The prospect's agent as its page serves it (the browser call sends the same), with the metadata
      // its end-of-call report brings back and nothing recorded.
      assistantOverrides: toAssistantOverrides(
        createAgentSettings(await servedProspect('bright-smile-dental'), {
          prospectSlug: 'bright-smile-dental',
          visitId,
          source: 'phone',
        }),
        TEST_MODEL,
      ),
    })
    expect(call?.body).toMatchObject({
      assistantOverrides: {
        firstMessage: expect.stringMatching(/^Thank you for calling Bright Smile Dental, this is Ava/),
        artifactPlan: { recordingEnabled: false, videoRecordingEnabled: false, pcapEnabled: false },
      },
    })
    expect(JSON.stringify(body)).not.toContain(TEST_PRIVATE_KEY)
  })

  it('places the call without a visit id when the page sent none or a malformed one', async () => {
    for (const visitId of [undefined, 'short', 'has spaces in it, sixteen+', 42]) {
      const res = await postPhoneCall(app, phoneCallBody({ visitId }))
      expect(res.status, String(visitId)).toBe(200)
      expect(vapi.calls().at(-1)?.body).toMatchObject({
        assistantOverrides: {
          metadata: { prospectSlug: 'bright-smile-dental', visitId: null, source: 'phone' },
        },
      })
    }
  })

  it("uses the prospect's own assistant when it has one", async () => {
    await backend.db.query(
      `update public.prospects set assistant_id = 'asst-harbor' where slug = 'harbor-realty'`,
    )
    const res = await postPhoneCall(app, phoneCallBody({ slug: 'harbor-realty' }))
    expect(res.status).toBe(200)
    expect(vapi.calls().at(-1)?.body).toMatchObject({ assistantId: 'asst-harbor' })
  })

  it('reads national formats: a UK number with its trunk 0 dials +44 without it', async () => {
    const res = await postPhoneCall(app, phoneCallBody({ country: 'GB', number: '020 7946 0958' }))
    expect(await res.json()).toMatchObject({ number: '+442079460958' })
    expect(vapi.calls().at(-1)?.body).toMatchObject({ customer: { number: '+442079460958' } })
  })

  it('accepts the JSON as text/plain, which spares partner pages a CORS preflight', async () => {
    const res = await postPhoneCall(app, phoneCallBody(), '203.0.113.10', { 'Content-Type': 'text/plain' })
    expect(res.status).toBe(200)
  })

  it('lets any origin post, preflight included', async () => {
    const preflight = await app.request('/api/calls/phone', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://partner.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('POST')
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('content-type')
    const res = await postPhoneCall(app, phoneCallBody(), '203.0.113.10', {
      Origin: 'https://partner.example',
    })
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })
})

describe('POST /api/calls/phone: what the platform answers, as the visitor reads it', () => {
  it.each([
    [
      'a refused key',
      401,
      { message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key.' },
    ],
    ['a bad request', 400, { message: ['assistantId must be a UUID'], error: 'Bad Request' }],
    ['a refused account', 403, { message: 'Phone calls not enabled for your account.' }],
    ['a 5xx with a message', 500, { message: 'error' }],
    ['a 422', 422, { message: ['customer.number must be E.164', 'x'] }],
    ['a 5xx page', 503, '<html>Bad gateway</html>'],
    ['a message holding the key', 500, { message: `bad key ${TEST_PRIVATE_KEY}` }],
    ['a success without a call id', 201, { status: 'queued' }],
  ])(
    'answers %s with words for the visitor; what the platform said goes to the log',
    async (_, status, body) => {
      backend.errors.length = 0
      vapi.answerWith({ status, body })
      const res = await postPhoneCall(app, phoneCallBody())
      expect(res.status).toBe(502)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({
        error: {
          code: 'phone_call_failed',
          message: 'The call could not be placed. Please try again in a moment.',
        },
      })
      expect(text).not.toMatch(/Invalid|assistantId|enabled|E\.164|Bad gateway|sk-test|"message":"error"/)
      const logged = backend.errors.map((line) => line.map(String).join(' ')).join('\n')
      expect(logged).toContain(`answered ${status}`)
      expect(logged).not.toContain(TEST_PRIVATE_KEY)
      if (status === 401) expect(logged).toContain('Invalid Key. Hot tip')
    },
  )

  it('gives up after the timeout, once, without retrying, and says the phone may still ring', async () => {
    const slow = createPhoneCallApp(backend, { vapiUrl: vapi.url, timeoutMs: 300 })
    vapi.answerWith({ hang: true })
    const before = vapi.calls().length
    const started = performance.now()
    const res = await postPhoneCall(slow, phoneCallBody())
    expect(res.status).toBe(504)
    expect(await readError(res)).toMatchObject({ code: 'phone_call_timeout' })
    expect(performance.now() - started).toBeLessThan(2000)
    expect(vapi.calls().length - before).toBe(1)
  })

  it('reports an unreachable platform as a failed call, without retrying', async () => {
    const down = createPhoneCallApp(backend, { vapiUrl: 'http://127.0.0.1:9' })
    const res = await postPhoneCall(down, phoneCallBody())
    expect(res.status).toBe(502)
    expect((await readError(res)).message).toBe('The call could not be placed. Please try again in a moment.')
  })
})

describe('POST /api/calls/phone: refusals before anything is dialled', () => {
  let callsBefore: number
  beforeEach(() => {
    callsBefore = vapi.calls().length
  })
  const dialled = () => vapi.calls().length - callsBefore

  it.each(['slug', 'country', 'number', 'idempotencyKey'])(
    'answers a missing %s with 400 naming it',
    async (field) => {
      const body: Record<string, unknown> = phoneCallBody()
      delete body[field]
      const res = await postPhoneCall(app, body)
      expect(res.status).toBe(400)
      expect(await readError(res)).toEqual({
        code: 'bad_request',
        message: `Missing or malformed in the request: ${field}.`,
      })
      expect(dialled()).toBe(0)
    },
  )

  it.each([
    ['blank', '   ', 'phone_required', 'Please enter a valid phone number'],
    ['letters', '201-555-CALL', 'phone_invalid', 'Please enter a valid phone number'],
    ['6 digits', '201555', 'phone_invalid', 'Please enter a valid phone number'],
    ['16 digits', '2015550123456789', 'phone_invalid', 'Please enter a valid phone number'],
    ['not in the numbering plan', '0015550123', 'phone_invalid', 'Please enter a valid phone number'],
    [
      'premium-rate',
      '900 555 1234',
      'phone_invalid',
      'We can only call mobile and landline numbers. Please enter another number.',
    ],
  ])('refuses a %s number with 400', async (_, number, code, message) => {
    const res = await postPhoneCall(app, phoneCallBody({ number }))
    expect(res.status).toBe(400)
    expect(await readError(res)).toEqual({ code, message })
    expect(dialled()).toBe(0)
  })

  it('refuses a country outside the list', async () => {
    const res = await postPhoneCall(app, phoneCallBody({ country: 'CA' }))
    expect(res.status).toBe(400)
    expect(await readError(res)).toEqual({
      code: 'country_invalid',
      message: 'Please choose a country from the list.',
    })
  })

  it('refuses an unknown prospect instead of calling for the fallback one', async () => {
    const res = await postPhoneCall(app, phoneCallBody({ slug: 'nobody-here' }))
    expect(res.status).toBe(404)
    expect(await readError(res)).toEqual({
      code: 'prospect_not_found',
      message: 'Prospect "nobody-here" not found',
    })
    const malformed = await postPhoneCall(app, phoneCallBody({ slug: 'Not A Slug' }))
    expect((await readError(malformed)).code).toBe('slug_invalid')
    expect(dialled()).toBe(0)
  })

  it('refuses a body that is not JSON, or a malformed idempotency key', async () => {
    expect((await readError(await postPhoneCall(app, '{"slug": '))).code).toBe('bad_request')
    const res = await postPhoneCall(app, phoneCallBody({ idempotencyKey: 'short' }))
    expect(await readError(res)).toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('idempotencyKey'),
    })
  })

  it(`answers a body over ${MAX_BODY_BYTES} bytes with 413, whether announced or streamed`, async () => {
    const huge = JSON.stringify(phoneCallBody({ number: `201 555 0123${' '.repeat(MAX_BODY_BYTES)}` }))
    const res = await postPhoneCall(app, huge)
    expect(res.status).toBe(413)
    expect(await readError(res)).toEqual({ code: 'payload_too_large', message: 'The request is too large.' })
    const announced = await postPhoneCall(app, huge, '203.0.113.10', {
      'Content-Length': String(huge.length),
    })
    expect(announced.status).toBe(413)
    expect(dialled()).toBe(0)
  })

  it('says phone calling is not configured without the private key or phone number id', async () => {
    for (const unconfigured of [
      createApp(backend.deps),
      createApp({ ...backend.deps, phoneCalls: { ...createPhoneCallSettingsWithoutVapi() } }),
    ]) {
      const res = await postPhoneCall(unconfigured, phoneCallBody())
      expect(res.status).toBe(503)
      expect(await readError(res)).toEqual({
        code: 'phone_not_configured',
        message: 'Phone calls are not available right now.',
      })
    }
    expect(dialled()).toBe(0)
  })

  it('says so too when neither the prospect nor the configuration names an assistant', async () => {
    const noDefault = createPhoneCallApp(backend, { vapiUrl: vapi.url, defaultAssistantId: null })
    const res = await postPhoneCall(noDefault, phoneCallBody({ slug: 'visitor' }))
    expect(res.status).toBe(503)
    expect((await readError(res)).code).toBe('phone_not_configured')
    expect(dialled()).toBe(0)
  })
})

function createPhoneCallSettingsWithoutVapi() {
  return {
    vapi: null,
    defaultAssistantId: TEST_ASSISTANT_ID,
    limits: { perIpHourly: 1, perNumberDaily: 1, perProspectDaily: 1, globalDaily: 1 },
    hash: async () => '0'.repeat(64),
    retentionDays: 30,
  }
}
