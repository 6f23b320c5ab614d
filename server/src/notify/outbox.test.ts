import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeNotifyWebhook, startFakeNotifyWebhook } from '../testing/fake-notify-webhook.ts'
import { createTestNudgeSettings, readOutbox } from '../testing/nudge-test-app.ts'
import { createTestClock, type TestClock } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { createOutboxDrain, nudgeWords } from './drain-outbox.ts'
import { claimNudges } from './outbox.ts'

let backend: TestBackend
let webhook: FakeNotifyWebhook
let clock: TestClock
beforeAll(async () => {
  ;[backend, webhook] = await Promise.all([createTestBackend(), startFakeNotifyWebhook()])
})
afterAll(async () => {
  await webhook.close()
  await backend.db.close()
})
beforeEach(async () => {
  await backend.db.exec('delete from public.notification_outbox')
  backend.errors.length = 0
  webhook.requests.length = 0
  webhook.answerWith({ status: 200, body: 'ok' })
  clock = createTestClock(new Date('2026-12-02T12:00:00Z'))
})

const logger = { error: (...args: unknown[]) => void backend.errors.push(args) }
const createDrain = (options: { timeoutMs?: number } = {}) => {
  const settings = createTestNudgeSettings({ webhookUrl: webhook.url, clock, ...options })
  return createOutboxDrain(backend.deps.db, { ...settings, webhookUrl: webhook.url }, logger)
}

/** Queues a nudge as the events and the webhook do, in a transaction of their own. */
async function queueNudge(slug = 'bright-smile-dental', kind = 'opened'): Promise<string> {
  await backend.db.query(
    `select public.enqueue_nudge(p.id, $2, null, 360, null, $3) from public.prospects p where p.slug = $1`,
    [slug, kind, clock.now().toISOString()],
  )
  const row = (await readOutbox(backend.db)).at(-1)
  if (!row) throw new Error('no nudge queued')
  return row.text
}
const secondsUntil = (date: Date) => Math.round((date.getTime() - clock.now().getTime()) / 1000)

describe('delivering the outbox', () => {
  it('posts each due nudge once as Slack reads it, {"text"} in JSON, and records it sent', async () => {
    const opened = await queueNudge('bright-smile-dental', 'opened')
    const booked = await queueNudge('harbor-realty', 'booked')
    const drain = createDrain()
    expect(await drain()).toEqual({ sent: 2, retried: 0, failed: 0, nextAt: null })
    expect(
      webhook.requests.map(({ method, headers, body }) => [method, headers['content-type'], body]),
    ).toEqual([
      ['POST', 'application/json', { text: opened }],
      ['POST', 'application/json', { text: booked }],
    ])
    expect(opened).toBe('Dr. Maya Patel (Bright Smile Dental) opened their demo page (no owner)')
    expect((await readOutbox(backend.db)).map((row) => [row.attempts, row.sent_at])).toEqual([
      [1, clock.now()],
      [1, clock.now()],
    ])
    clock.advance(3600)
    expect(await drain()).toEqual({ sent: 0, retried: 0, failed: 0, nextAt: null })
    expect(webhook.requests).toHaveLength(2)
  })

  it('sends a nudge queued with its words (before the server worded them) as it was queued', async () => {
    await backend.db.query(
      `insert into public.notification_outbox (prospect_id, kind, dedupe_key, text, created_at, next_attempt_at)
       select p.id, 'opened', 'queued-with-words', 'Worded as it was queued', $1, $1
       from public.prospects p where p.slug = 'harbor-realty'`,
      [clock.now().toISOString()],
    )
    expect(await createDrain()()).toMatchObject({ sent: 1 })
    expect(webhook.delivered()).toEqual(['Worded as it was queued'])
  })

  it('tries a failed delivery again after a backoff that doubles from 30 s, never before it is due', async () => {
    const text = await queueNudge()
    webhook.failNext(3, { status: 503, body: 'service_unavailable' })
    const drain = createDrain()
    const waits: number[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = await drain()
      expect(result).toMatchObject({ sent: 0, retried: 1, failed: 0 })
      const nextAt = result.nextAt as Date
      waits.push(secondsUntil(nextAt))
      // A second before it is due: nothing is claimed, nothing sent.
      clock.advance(secondsUntil(nextAt) - 1)
      expect(await drain()).toEqual({ sent: 0, retried: 0, failed: 0, nextAt })
      expect(webhook.requests).toHaveLength(attempt)
      clock.advance(1)
    }
    expect(waits).toEqual([30, 60, 120])
    expect(await drain()).toMatchObject({ sent: 1, retried: 0 })
    expect(webhook.delivered()).toEqual([text])
    const [row] = await readOutbox(backend.db)
    expect(row).toMatchObject({ attempts: 4, last_error: 'HTTP 503: service_unavailable' })
    // A server error passes by itself: nobody needs to be told.
    expect(backend.errors).toEqual([])
  })

  it('gives up after 30 failed attempts, about a day; a refusal (404) is logged once, giving up once', async () => {
    await queueNudge()
    webhook.answerWith({ status: 404, body: 'no_service' })
    const drain = createDrain()
    const start = clock.now().getTime()
    let result = await drain()
    while (result.nextAt) {
      clock.advance(secondsUntil(result.nextAt))
      result = await drain()
    }
    expect(webhook.requests).toHaveLength(30)
    const hours = (clock.now().getTime() - start) / 3_600_000
    expect(hours).toBeGreaterThan(20)
    expect(hours).toBeLessThan(26)
    const [row] = await readOutbox(backend.db)
    expect(row).toMatchObject({ attempts: 30, sent_at: null, last_error: 'HTTP 404: no_service' })
    expect(row?.failed_at).toEqual(clock.now())
    expect(backend.errors.map((line) => String(line[0]))).toEqual([
      expect.stringContaining('refused a nudge with HTTP 404; check NOTIFY_WEBHOOK_URL'),
      expect.stringContaining('given up after its last attempt: HTTP 404: no_service'),
    ])
    // Given up: no drain tries it again, however late.
    clock.advance(7 * 24 * 3600)
    await drain()
    expect(webhook.requests).toHaveLength(30)
  })

  it('counts a webhook that does not answer in time as failed, and tries it again later', async () => {
    const text = await queueNudge()
    webhook.failNext(1, { hang: true })
    expect(await createDrain({ timeoutMs: 500 })()).toMatchObject({ sent: 0, retried: 1 })
    expect((await readOutbox(backend.db))[0]?.last_error).toBe('no answer within 500 ms')
    clock.advance(30)
    expect(await createDrain()()).toMatchObject({ sent: 1 })
    expect(webhook.delivered()).toEqual([text])
  })
})

describe('two drainers', () => {
  it('never send the same nudge: the first one holds it under a lease while it sends', async () => {
    const text = await queueNudge()
    webhook.answerWith({ hang: true })
    const first = createDrain()()
    await webhook.waitForRequests(1)
    // The second drainer runs while the first one's request is still open.
    expect(await createDrain()()).toMatchObject({ sent: 0, retried: 0, failed: 0 })
    webhook.answerWith({ status: 200, body: 'ok' })
    webhook.answerHung(200)
    expect(await first).toMatchObject({ sent: 1 })
    clock.advance(600)
    expect(await createDrain()()).toMatchObject({ sent: 0 })
    expect(webhook.requests).toHaveLength(1)
    expect(webhook.delivered()).toEqual([text])
  })

  it('send a nudge again after the lease when its drainer died before recording it', async () => {
    const text = await queueNudge()
    // A drainer claims it, then dies: it never records the result.
    const claim = await claimNudges(backend.deps.db, 5, 110, clock.now())
    expect(claim.nudges.map(nudgeWords)).toEqual([text])
    expect(claim.nextAt).toEqual(new Date(clock.now().getTime() + 110_000))
    clock.advance(109)
    expect(await createDrain()()).toMatchObject({ sent: 0 })
    clock.advance(1)
    expect(await createDrain()()).toMatchObject({ sent: 1 })
    expect(webhook.delivered()).toEqual([text])
  })
})
