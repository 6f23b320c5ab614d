import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { type FakeNotifyWebhook, startFakeNotifyWebhook } from '../testing/fake-notify-webhook.ts'
import { createTestNudgeSettings, TEST_DRAIN_SECRET } from '../testing/nudge-test-app.ts'
import { createTestClock } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

let backend: TestBackend
let webhook: FakeNotifyWebhook
beforeAll(async () => {
  ;[backend, webhook] = await Promise.all([createTestBackend(), startFakeNotifyWebhook()])
})
afterAll(async () => {
  await webhook.close()
  await backend.db.close()
})

const clock = createTestClock(new Date('2026-12-02T12:00:00Z'))
const appWith = (drainSecret: string | null, webhookUrl: string | null = webhook.url) =>
  createApp({
    ...backend.deps,
    nudges: { ...createTestNudgeSettings({ webhookUrl, clock }), drainSecret },
  })
const drain = (app: ReturnType<typeof createApp>, headers: Record<string, string> = {}) =>
  app.request('/api/notifications/drain', { method: 'POST', headers })
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

it('does not exist (404) while NOTIFY_DRAIN_SECRET is unset, whatever the caller sends', async () => {
  const app = appWith(null)
  for (const headers of [{}, bearer(TEST_DRAIN_SECRET)]) {
    const res = await drain(app, headers)
    expect(res.status).toBe(404)
    expect((await res.json()).error.code).toBe('not_found')
  }
})

it('answers 401 to a missing, malformed or wrong bearer token, and sends nothing', async () => {
  await backend.db.query(
    `select public.enqueue_nudge(p.id, 'opened', null, 360, null, $1) from public.prospects p where p.slug = 'harbor-realty'`,
    [clock.now().toISOString()],
  )
  const app = appWith(TEST_DRAIN_SECRET)
  for (const headers of [
    {},
    { Authorization: TEST_DRAIN_SECRET },
    { Authorization: `Basic ${TEST_DRAIN_SECRET}` },
    bearer(`${TEST_DRAIN_SECRET}x`),
    bearer(TEST_DRAIN_SECRET.slice(1)),
  ]) {
    const res = await drain(app, headers)
    expect(res.status, JSON.stringify(headers)).toBe(401)
    expect((await res.json()).error.code).toBe('unauthorized')
  }
  expect(webhook.requests).toHaveLength(0)
})

it('drains once with the right token and answers the counts; no CORS headers (server to server)', async () => {
  const app = appWith(TEST_DRAIN_SECRET)
  const res = await drain(app, { ...bearer(TEST_DRAIN_SECRET), Origin: 'https://partner.example' })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ sent: 1, retried: 0, failed: 0 })
  expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull()
  expect(webhook.delivered()).toEqual([
    'James Carter (Harbor Realty Group) opened their demo page (no owner)',
  ])
  expect(await (await drain(app, bearer(TEST_DRAIN_SECRET))).json()).toEqual({
    sent: 0,
    retried: 0,
    failed: 0,
  })
})

it('answers zero counts with nudges off (no webhook URL): there is nowhere to deliver', async () => {
  const res = await drain(appWith(TEST_DRAIN_SECRET, null), bearer(TEST_DRAIN_SECRET))
  expect(await res.json()).toEqual({ sent: 0, retried: 0, failed: 0 })
})
