import type { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createNudgeTestApp,
  createTestNudgeSettings,
  loadReport,
  postServerMessage,
  readOutbox,
  TEST_WEBHOOK_SECRET,
  webCallReport,
} from '../testing/nudge-test-app.ts'
import { createTestClock, type TestClock } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { MAX_TRANSCRIPT_BYTES } from './call-transcript.ts'
import { MAX_WEBHOOK_BODY_BYTES } from './vapi-webhook-routes.ts'

let backend: TestBackend
let clock: TestClock
let app: Hono
let pokes = 0
beforeAll(async () => {
  backend = await createTestBackend()
  clock = createTestClock(new Date('2026-12-02T10:42:00Z'))
  const nudges = createTestNudgeSettings({ webhookUrl: 'http://127.0.0.1:9/unused', clock })
  const onNudgeQueued = () => {
    pokes += 1
  }
  app = createNudgeTestApp(backend, nudges, { onNudgeQueued })
})
afterAll(() => backend.db.close())
beforeEach(async () => {
  await backend.db.exec('delete from public.notification_outbox; delete from public.call_reports')
  backend.errors.length = 0
  pokes = 0
})

const readReport = async (callId: string) =>
  (
    await backend.db.query<Record<string, unknown>>(
      `select r.source, r.visit_id, r.started_at, r.ended_at, r.seconds, r.ended_reason, r.summary,
              r.transcript, p.slug
         from public.call_reports r join public.prospects p on p.id = r.prospect_id
        where r.call_id = $1`,
      [callId],
    )
  ).rows
const countReports = async () =>
  (await backend.db.query<{ n: number }>('select count(*)::int as n from public.call_reports')).rows[0]?.n

describe('POST /api/webhooks/vapi: who may post', () => {
  it('answers 503 webhook_not_configured without VAPI_WEBHOOK_SECRET, and says so in the log once', async () => {
    const unconfigured = createNudgeTestApp(backend, undefined, { secret: null })
    for (let i = 0; i < 3; i++) {
      const res = await postServerMessage(unconfigured, webCallReport(`unconfigured-${i}`))
      expect(res.status).toBe(503)
      expect((await res.json()).error.code).toBe('webhook_not_configured')
    }
    expect(backend.errors.map((line) => String(line[0]))).toEqual([
      expect.stringContaining('VAPI_WEBHOOK_SECRET is not set'),
    ])
    expect(await countReports()).toBe(0)
  })

  it('answers 401 to a missing or wrong secret, before reading the body, and stores nothing', async () => {
    const wrong = [
      {},
      { 'X-Vapi-Secret': '' },
      { 'X-Vapi-Secret': TEST_WEBHOOK_SECRET.slice(0, -1) },
      { 'X-Vapi-Secret': `${TEST_WEBHOOK_SECRET.slice(0, -1)}X` },
      { 'X-Vapi-Secret': `${TEST_WEBHOOK_SECRET}${TEST_WEBHOOK_SECRET}` },
      { Authorization: `Bearer ${TEST_WEBHOOK_SECRET}` },
    ]
    for (const headers of wrong) {
      const res = await postServerMessage(app, webCallReport('unauthorised'), headers)
      expect(res.status, JSON.stringify(headers)).toBe(401)
      expect((await res.json()).error.code).toBe('unauthorized')
    }
    // Over the body limit, yet 401: the secret is checked before a byte of the body is read.
    const huge = await postServerMessage(app, 'x'.repeat(MAX_WEBHOOK_BODY_BYTES + 1), {})
    expect(huge.status).toBe(401)
    expect(await countReports()).toBe(0)
  })

  it('accepts the right secret in any header case, and sends no CORS headers (server to server)', async () => {
    const res = await app.request('/api/webhooks/vapi', {
      method: 'POST',
      headers: { 'x-vapi-secret': TEST_WEBHOOK_SECRET, Origin: 'https://partner.example' },
      body: JSON.stringify(webCallReport('cors-check')),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const preflight = await app.request('/api/webhooks/vapi', {
      method: 'OPTIONS',
      headers: { Origin: 'https://partner.example', 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })
})

describe('POST /api/webhooks/vapi: end-of-call reports', () => {
  it("stores a web call's report: its visit, times, seconds, summary and the spoken lines in order", async () => {
    const res = await postServerMessage(app, loadReport('end-of-call-report-web-call'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ stored: true, duplicate: false })
    expect(await readReport('0b1f0d6e-5b4a-4c8e-9a51-7f3d2c1e8a90')).toEqual([
      {
        slug: 'bright-smile-dental',
        source: 'browser',
        visit_id: 'k3J9-xQ2_mP7vL0aZ8bN',
        started_at: new Date('2026-12-02T10:40:41.203Z'),
        ended_at: new Date('2026-12-02T10:41:43.312Z'),
        seconds: 62,
        ended_reason: 'customer-ended-call',
        // The analysis's summary wins over the older top-level one.
        summary:
          'Dr. Patel tried the receptionist demo, asked how emergency visits are handled, and booked a test check-up for Thursday morning.',
        // artifact.messages, without the system prompt and the tool calls; whitespace runs made one.
        transcript: [
          {
            speaker: 'agent',
            text: 'Thank you for calling Bright Smile Dental, this is Ava. Are you calling to book a visit?',
          },
          { speaker: 'prospect', text: 'Hi Ava. What happens if a patient calls at night with a toothache?' },
          {
            speaker: 'agent',
            text: 'I would offer the first emergency slot the next morning. I can also book a check-up: Thursday at nine?',
          },
          { speaker: 'prospect', text: 'Thursday at nine works.' },
        ],
      },
    ])
  })

  it("stores an outbound phone call's report by the metadata the server placed it with", async () => {
    const res = await postServerMessage(app, loadReport('end-of-call-report-phone-call'))
    expect(await res.json()).toEqual({ stored: true, duplicate: false })
    const [row] = await readReport('call-7c1e9b20-44d1-4e0b-8f3a-2a6d5c9e1b77')
    expect(row).toMatchObject({
      slug: 'harbor-realty',
      source: 'phone',
      visit_id: null,
      // No duration in this report: its end minus its start, 31.5 s, rounded.
      seconds: 32,
      // A blank summary and an empty analysis: no summary rather than an empty one.
      summary: null,
    })
    expect(row?.transcript).toEqual([
      {
        speaker: 'agent',
        text: 'Hi, this is Lena from Harbor Realty, calling back as you asked. Is now a good time?',
      },
      { speaker: 'prospect', text: "Sorry, I'm driving. Call me later." },
    ])
  })

  it('reads metadata set on the call itself, a source from the call type, and a plain transcript', async () => {
    const report = loadReport('end-of-call-report-phone-call')
    report.message.call.id = 'metadata-on-call'
    report.message.call.assistantOverrides = {}
    report.message.call.metadata = { prospectSlug: 'bright-smile-dental', visitId: 'not a visit id' }
    delete report.message.artifact
    await postServerMessage(app, report)
    expect(await readReport('metadata-on-call')).toEqual([
      expect.objectContaining({
        slug: 'bright-smile-dental',
        source: 'phone',
        visit_id: null,
        transcript: [
          {
            speaker: 'agent',
            text: 'Hi, this is Lena from Harbor Realty, calling back as you asked. Is now a good time?',
          },
          { speaker: 'prospect', text: "Sorry, I'm driving. Call me later." },
        ],
      }),
    ])
  })

  it('answers other messages and reports that name no prospect of ours with 200, storing nothing', async () => {
    const status = await postServerMessage(app, { message: { type: 'status-update', status: 'ended' } })
    expect(await status.json()).toEqual({ stored: false, duplicate: false, ignored: 'other_message' })
    const unlinked = [
      webCallReport('no-such-prospect', { slug: 'nobody-here' }),
      webCallReport('fallback-page', { slug: 'visitor' }),
      webCallReport('bad-slug', { slug: 'Not A Slug' }),
    ]
    const dashboardCall = webCallReport('dashboard-test-call')
    dashboardCall.message.call.assistantOverrides = {}
    unlinked.push(dashboardCall)
    for (const report of unlinked) {
      const res = await postServerMessage(app, report)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ stored: false, duplicate: false, ignored: 'no_prospect' })
    }
    expect(await countReports()).toBe(0)
    // One line, whatever the number of such reports in the minute, and no slug in it.
    expect(backend.errors).toHaveLength(1)
    expect(String(backend.errors[0]?.[0])).not.toContain('nobody-here')
  })

  it('refuses a body that is not a server message with 400, and one over 1 MB with 413', async () => {
    expect((await postServerMessage(app, '{"message":')).status).toBe(400)
    expect((await postServerMessage(app, { hello: 'world' })).status).toBe(400)
    const noCallId = webCallReport('x') as { message: { call: Record<string, unknown> } }
    delete noCallId.message.call.id
    expect((await postServerMessage(app, noCallId)).status).toBe(400)
    const big = webCallReport('too-big')
    big.message.transcript = 'x'.repeat(MAX_WEBHOOK_BODY_BYTES)
    expect((await postServerMessage(app, big)).status).toBe(413)
    expect(await countReports()).toBe(0)
  })

  it('keeps a very long transcript within bounds, and drops control characters Postgres refuses', async () => {
    const report = webCallReport('long-call')
    // One line longer than a line may be, then 300 lines of 2 KB each (two bytes a character).
    const messages = [
      { role: 'bot', message: 'a'.repeat(3000) },
      ...Array.from({ length: 300 }, (_, i) => ({
        role: i % 2 === 0 ? 'bot' : 'user',
        message: `line ${i}\u0000 ${'é'.repeat(1000)}`,
      })),
    ]
    report.message.artifact = { messages }
    expect((await postServerMessage(app, report)).status).toBe(200)
    const { rows } = await backend.db.query<{ lines: number; bytes: number; longest: number; nul: boolean }>(
      `select jsonb_array_length(transcript) as lines, octet_length(transcript::text) as bytes,
              (select max(char_length(l ->> 'text')) from jsonb_array_elements(transcript) l) as longest,
              transcript::text like '%\\u0000%' as nul
         from public.call_reports where call_id = 'long-call'`,
    )
    const stored = rows[0]
    expect(stored?.lines).toBeGreaterThan(10)
    expect(stored?.bytes).toBeLessThanOrEqual(MAX_TRANSCRIPT_BYTES)
    expect(stored?.longest).toBe(2000)
    expect(stored?.nul).toBe(false)
  })
})

describe('POST /api/webhooks/vapi: once per call, and the talked nudge', () => {
  it('stores a report once per call id: a repeat answers duplicate and queues no second nudge', async () => {
    const first = await postServerMessage(app, loadReport('end-of-call-report-web-call'))
    expect(await first.json()).toEqual({ stored: true, duplicate: false })
    clock.advance(3600 * 24 * 7) // past any dedupe window: only the call id keeps it out
    const again = await postServerMessage(app, loadReport('end-of-call-report-web-call'))
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ stored: false, duplicate: true })
    expect(await countReports()).toBe(1)
    expect(await readOutbox(backend.db)).toHaveLength(1)
    expect(pokes).toBe(1)
  })

  it("queues a talked nudge with the rep's link for a call of 10 s or more, and pokes the drainer", async () => {
    await postServerMessage(app, webCallReport('short-call', { seconds: 9.4 }))
    expect(await readOutbox(backend.db)).toEqual([])
    expect(pokes).toBe(0)
    await postServerMessage(app, webCallReport('real-call', { seconds: 62 }))
    expect((await readOutbox(backend.db)).map(({ kind, text }) => ({ kind, text }))).toEqual([
      {
        kind: 'talked',
        text: 'Dr. Maya Patel (Bright Smile Dental) talked to their agent for 1 min 2 s (no owner) <https://demo.example.com/_/prospects/bright-smile-dental|See their activity>',
      },
    ])
    expect(pokes).toBe(1)
  })

  it('keeps one talked nudge per prospect within the dedupe window (360 min), and queues the next after it', async () => {
    await postServerMessage(app, webCallReport('call-a', { seconds: 30 }))
    clock.advance(359 * 60)
    await postServerMessage(app, webCallReport('call-b', { seconds: 300 }))
    await postServerMessage(app, webCallReport('call-c', { seconds: 30, slug: 'harbor-realty' }))
    expect((await readOutbox(backend.db)).map((row) => row.text.split(' talked')[0])).toEqual([
      'Dr. Maya Patel (Bright Smile Dental)',
      'James Carter (Harbor Realty Group)',
    ])
    clock.advance(2 * 60)
    await postServerMessage(app, webCallReport('call-d', { seconds: 300 }))
    expect((await readOutbox(backend.db)).at(-1)?.text).toContain(
      '(Bright Smile Dental) talked to their agent for 5 min (no owner)',
    )
    expect(await countReports()).toBe(4)
  })

  it('stores reports but queues nothing while nudges are off (no NOTIFY_WEBHOOK_URL)', async () => {
    const off = createNudgeTestApp(backend, createTestNudgeSettings({ webhookUrl: null, clock }))
    expect(
      await (await postServerMessage(off, webCallReport('nudges-off', { seconds: 600 }))).json(),
    ).toEqual({
      stored: true,
      duplicate: false,
    })
    expect(await readOutbox(backend.db)).toEqual([])
  })
})
