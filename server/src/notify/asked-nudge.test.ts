import { afterAll, beforeAll, expect, it } from 'vitest'
import type { NudgeFacts } from '#core/nudge-words.ts'
import { REP_SESSION_COOKIE } from '#core/rep-api.ts'
import { createApp } from '../app.ts'
import { type FakeNotifyWebhook, startFakeNotifyWebhook } from '../testing/fake-notify-webhook.ts'
import { startFakeVapiServer } from '../testing/fake-vapi-server.ts'
import { createTestNudgeSettings, TEST_DRAIN_SECRET, wordsOf } from '../testing/nudge-test-app.ts'
import { createTestPhoneCallSettings, phoneCallBody, postPhoneCall } from '../testing/phone-call-test-app.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import { createTestClock, importAsCommandLine } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

/**
 * A prospect who asks to be phoned ("Call Me", a call the server placed) is nudged like one who opened
 * their page or talked to their agent: once per prospect within the window, never for the team's own
 * tries. On the embedded database, through the fake voice platform and a loopback chat.
 */
let backend: TestBackend
let vapi: Awaited<ReturnType<typeof startFakeVapiServer>>
let webhook: FakeNotifyWebhook
beforeAll(async () => {
  ;[backend, vapi, webhook] = await Promise.all([
    createTestBackend(),
    startFakeVapiServer(),
    startFakeNotifyWebhook(),
  ])
})
afterAll(async () => {
  await Promise.all([vapi.close(), webhook.close()])
  await backend.db.close()
})

function createCallApp(options: { on?: boolean } = {}) {
  const clock = createTestClock(new Date('2026-12-03T09:00:00Z'))
  let queued = 0
  const app = createApp({
    ...backend.deps,
    phoneCalls: createTestPhoneCallSettings({ vapiUrl: vapi.url }),
    nudges: createTestNudgeSettings({ webhookUrl: webhook.url, clock, dedupeMinutes: 60, ...options }),
    onNudgeQueued: () => {
      queued += 1
    },
  })
  return { app, clock, queued: () => queued }
}

/** The `asked` nudges queued for the prospect, oldest first. */
const askedRows = async (slug: string) =>
  (
    await backend.db.query<{ text: string | null; facts: NudgeFacts | null }>(
      `select o.text, o.facts from public.notification_outbox o join public.prospects p on p.id = o.prospect_id
        where p.slug = $1 and o.kind = 'asked' order by o.id`,
      [slug],
    )
  ).rows.map((row) => ({ text: wordsOf(row) }))

it('nudges a "Call Me" call in exact words, once per prospect within the window, and tells the drainer', async () => {
  await importAsCommandLine(backend.db, [
    makeProspectRow({ slug: 'asked-ivy-bakery', name: 'Ivy Stone', company_name: 'Ivy & Co Bakery' }),
  ])
  const { app, clock, queued } = createCallApp()
  const first = await postPhoneCall(app, phoneCallBody({ slug: 'asked-ivy-bakery' }))
  expect(first.status).toBe(200)
  expect(queued()).toBe(1)
  // A second call within the window is on the Timeline, and is no second nudge.
  clock.advance(10 * 60)
  expect((await postPhoneCall(app, phoneCallBody({ slug: 'asked-ivy-bakery' }), '203.0.113.11')).status).toBe(
    200,
  )
  expect(queued()).toBe(1)
  const rows = await askedRows('asked-ivy-bakery')
  expect(rows.map((row) => row.text)).toEqual([
    'Ivy Stone (Ivy &amp; Co Bakery) asked for a phone call (no owner) ' +
      '<https://demo.example.com/_/prospects/asked-ivy-bakery|See their activity>',
  ])
  const drain = await app.request('/api/notifications/drain', {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_DRAIN_SECRET}` },
  })
  expect(await drain.json()).toMatchObject({ sent: 1 })
  expect(webhook.delivered()).toContain(rows[0]?.text)
  // Past the window, a new request is news again, as for the other kinds.
  clock.advance(60 * 60)
  await postPhoneCall(app, phoneCallBody({ slug: 'asked-ivy-bakery' }), '203.0.113.12')
  expect(await askedRows('asked-ivy-bakery')).toHaveLength(2)
  expect(queued()).toBe(2)
})

it('never nudges the team’s own try from a signed-in rep’s browser, nor anything with nudges off', async () => {
  await importAsCommandLine(backend.db, [
    makeProspectRow({ slug: 'asked-team-try', name: 'Tom Reed', company_name: 'Reed Roofing' }),
    makeProspectRow({ slug: 'asked-nudges-off', name: 'Ola Berg', company_name: 'Berg Bikes' }),
  ])
  const on = createCallApp()
  const team = await postPhoneCall(on.app, phoneCallBody({ slug: 'asked-team-try' }), '203.0.113.20', {
    Cookie: `${REP_SESSION_COOKIE}=any`,
  })
  expect(team.status).toBe(200)
  expect(await askedRows('asked-team-try')).toEqual([])
  expect(on.queued()).toBe(0)

  const off = createCallApp({ on: false })
  expect(
    (await postPhoneCall(off.app, phoneCallBody({ slug: 'asked-nudges-off' }), '203.0.113.21')).status,
  ).toBe(200)
  expect(await askedRows('asked-nudges-off')).toEqual([])
  // The fact is still recorded: the prospect asked for a call, whether or not anyone is nudged.
  const { rows } = await backend.db.query<{ n: number }>(
    `select count(*)::int as n from public.engagement_events e join public.prospects p on p.id = e.prospect_id
      where p.slug = 'asked-nudges-off' and e.name = 'phone_call_placed'`,
  )
  expect(rows).toEqual([{ n: 1 }])
})
