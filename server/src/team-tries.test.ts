import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TimelineResponse } from '#core/engagement.ts'
import { REP_SESSION_COOKIE } from '#core/rep-api.ts'
import { startFakeVapiServer } from './testing/fake-vapi-server.ts'
import { type FakeVideoPlatform, startFakeVideoPlatform } from './testing/fake-video-platform-server.ts'
import {
  createNudgeTestApp,
  createTestNudgeSettings,
  postServerMessage,
  readOutbox,
  webCallReport,
} from './testing/nudge-test-app.ts'
import { createPhoneCallApp, phoneCallBody, postPhoneCall } from './testing/phone-call-test-app.ts'
import { makeProspectRow } from './testing/prospect-fixture.ts'
import {
  createRepTestApp,
  createTestClock,
  importAsCommandLine,
  type RepTestApp,
  type TestSession,
} from './testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from './testing/test-backend.ts'
import { createVideoCallApp, postVideoConversation } from './testing/video-call-test-app.ts'

/**
 * "Asked for a call" is the server's own record of a call it placed, and a rep's own tries of an
 * agent (the reps' pages: "Test in Browser", "Call Me") are the team's: on the Timeline as such,
 * never the prospect's stage, talk time or nudge. End to end through the fake platform's calls and
 * reports.
 */
let backend: TestBackend
let vapi: Awaited<ReturnType<typeof startFakeVapiServer>>
let videoPlatform: FakeVideoPlatform
let phone: Hono
let video: Hono
let webhook: Hono
let reps: RepTestApp
let bo: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  ;[vapi, videoPlatform] = await Promise.all([startFakeVapiServer(), startFakeVideoPlatform()])
  phone = createPhoneCallApp(backend, { vapiUrl: vapi.url })
  video = createVideoCallApp(backend, { backend: 'tavus', fake: videoPlatform })
  const clock = createTestClock(new Date())
  webhook = createNudgeTestApp(
    backend,
    createTestNudgeSettings({ webhookUrl: 'http://127.0.0.1:9/unused', clock }),
  )
  reps = createRepTestApp(backend)
  await reps.addRep('bo@example.com')
  bo = await reps.signIn('bo@example.com')
})
afterAll(async () => {
  await Promise.all([vapi.close(), videoPlatform.close()])
  await backend.db.close()
})

const timeline = async (slug: string) =>
  (await (await reps.request(`/prospects/${slug}/timeline`, { session: bo })).json()) as TimelineResponse

/** The metadata the platform was asked to put on the latest call placed. */
const lastMetadata = () =>
  (vapi.calls().at(-1)?.body as { assistantOverrides?: { metadata?: unknown } } | undefined)
    ?.assistantOverrides?.metadata

describe('a "Call Me" call the server placed', () => {
  it("makes the prospect 'Asked for a call' from the server's own record", async () => {
    const res = await postPhoneCall(
      phone,
      phoneCallBody({ slug: 'harbor-realty', visitId: 'AAAAAAAAAAAAAAAAAAAAAA' }),
    )
    expect(res.status).toBe(200)
    const seen = await timeline('harbor-realty')
    expect(seen.stage).toBe('asked_call')
    expect(seen.entries).toContainEqual(
      expect.objectContaining({ kind: 'event', name: 'phone_call_placed', visit: 'AAAAAAAA' }),
    )
  })

  it('from a signed-in rep’s browser is the team’s test: marked on the call, no fact of the prospect', async () => {
    const before = await timeline('bright-smile-dental')
    const res = await postPhoneCall(phone, phoneCallBody(), '203.0.113.20', {
      Cookie: `${REP_SESSION_COOKIE}=any`,
    })
    expect(res.status).toBe(200)
    expect(lastMetadata()).toEqual({
      prospectSlug: 'bright-smile-dental',
      visitId: null,
      source: 'phone',
      team: true,
    })
    const after = await timeline('bright-smile-dental')
    expect(after.stage).toBe(before.stage)
    expect(
      after.entries.filter((entry) => entry.kind === 'event' && entry.name === 'phone_call_placed'),
    ).toEqual([])
  })
})

describe('a video call the server started', () => {
  it("makes the prospect 'Tried the demo' from the server's own record, and a rep's test does not", async () => {
    await importAsCommandLine(backend.deps.db, [
      makeProspectRow({ slug: 'acme-dental', name: 'Ann Acme', company_name: 'Acme Dental' }),
    ])
    const before = await timeline('acme-dental')
    expect(before.stage).toBe('sent')
    const asRep = await postVideoConversation(video, { slug: 'acme-dental' }, '203.0.113.31', {
      Cookie: `${REP_SESSION_COOKIE}=any`,
    })
    expect(asRep.status).toBe(201)
    expect((await timeline('acme-dental')).stage).toBe('sent')
    expect((await postVideoConversation(video, { slug: 'acme-dental' }, '203.0.113.32')).status).toBe(201)
    const after = await timeline('acme-dental')
    expect(after.stage).toBe('tried_demo')
    expect(after.entries).toContainEqual(
      expect.objectContaining({ kind: 'event', name: 'video_call_placed' }),
    )
  })
})

describe("a team call's end-of-call report", () => {
  it('is on the Timeline as the team’s, and moves no stage, adds no talk time, sends no nudge', async () => {
    const report = webCallReport('team-call-1', { slug: 'bright-smile-dental', seconds: 120 })
    report.message.call.assistantOverrides = {
      metadata: { prospectSlug: 'bright-smile-dental', visitId: null, source: 'browser', team: true },
    }
    const before = await timeline('bright-smile-dental')
    const res = await postServerMessage(webhook, report)
    expect(await res.json()).toMatchObject({ stored: true })
    // A retry of the same report is one call.
    expect(await (await postServerMessage(webhook, report)).json()).toMatchObject({ duplicate: true })
    const after = await timeline('bright-smile-dental')
    expect(after.stage).toBe(before.stage)
    expect(after.hot).toBe(before.hot)
    const team = after.entries.filter((entry) => entry.kind === 'call_report' && entry.team)
    expect(team).toEqual([
      expect.objectContaining({ kind: 'call_report', source: 'browser', seconds: 120, team: true }),
    ])
    const { rows } = await backend.db.query(`select 1 from public.call_reports where call_id = 'team-call-1'`)
    expect(rows).toEqual([])
    const activity = (await (
      await reps.request('/activity?q=bright-smile-dental', { session: bo })
    ).json()) as {
      prospects: { talkSeconds: number }[]
    }
    expect(activity.prospects[0]?.talkSeconds).toBe(0)
    expect((await readOutbox(backend.db)).filter((row) => row.kind === 'talked')).toEqual([])
  })

  it('the same report without the mark is the prospect’s: talk time, stage and a nudge', async () => {
    const res = await postServerMessage(
      webhook,
      webCallReport('prospect-call-1', { slug: 'harbor-realty', seconds: 120 }),
    )
    expect(await res.json()).toMatchObject({ stored: true })
    const activity = (await (await reps.request('/activity?q=harbor-realty', { session: bo })).json()) as {
      prospects: { talkSeconds: number }[]
    }
    expect(activity.prospects[0]?.talkSeconds).toBe(120)
    expect((await readOutbox(backend.db)).filter((row) => row.kind === 'talked')).toHaveLength(1)
  })
})
