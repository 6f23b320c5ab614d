import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENTS_PATH, MAX_EVENT_BODY_BYTES, MAX_EVENTS_PER_BATCH } from '#core/engagement.ts'
import type { ErrorBody } from '#core/errors.ts'
import { REP_SESSION_COOKIE } from '#core/rep-api.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import {
  createEventApp,
  newVisit,
  postEvents,
  readStoredEvents,
  scheduledEventUri,
  TEST_EVENT_HASH_SECRET,
} from '../testing/event-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

let backend: TestBackend
let app: Hono
beforeAll(async () => {
  backend = await createTestBackend()
  app = createEventApp(backend)
})
afterAll(() => backend.db.close())

const SLUG = 'bright-smile-dental'
const started = (slug = SLUG) => ({ name: 'demo_call_started', slug })
const readError = async (res: Response) => ((await res.json()) as ErrorBody).error

describe('POST /api/events: storing', () => {
  it('stores every event of the batch with its fields, the visit and a keyed hash of the address, and answers 202', async () => {
    const visit = newVisit()
    const res = await postEvents(
      app,
      {
        visit,
        events: [
          { name: 'demo_call_started', slug: SLUG },
          { name: 'demo_call_ended', slug: SLUG, seconds: 42 },
          { name: 'video_call_started', slug: SLUG },
          { name: 'video_call_ended', slug: SLUG, seconds: 0 },
          { name: 'meeting_booked', slug: SLUG, eventUri: scheduledEventUri('GBGBDCAADAEDCRZ2') },
        ],
      },
      { ip: '198.51.100.7' },
    )
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ accepted: 5 })
    const stored = await readStoredEvents(backend, visit)
    expect(stored.map(({ name, detail }) => [name, detail])).toEqual([
      ['demo_call_started', {}],
      ['demo_call_ended', { seconds: 42 }],
      ['video_call_started', {}],
      ['video_call_ended', { seconds: 0 }],
      ['meeting_booked', { eventUri: 'https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2' }],
    ])
    const addressKey = await createKeyedHash(TEST_EVENT_HASH_SECRET)('ip', '198.51.100.7')
    expect(new Set(stored.map((row) => row.address_key))).toEqual(new Set([addressKey]))
    const { rows } = await backend.db.query(
      `select 1 from public.engagement_events where address_key like '%198.51%' or detail::text like '%198.51%'`,
    )
    expect(rows).toEqual([])
  })

  it('drops events for an unknown prospect and for the fallback prospect, and counts only what it stored', async () => {
    const visit = newVisit()
    const res = await postEvents(app, {
      visit,
      events: [started('no-such-prospect'), started('visitor'), started('harbor-realty')],
    })
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ accepted: 1 })
    expect((await readStoredEvents(backend, visit)).map((row) => row.slug)).toEqual(['harbor-realty'])
  })

  it('answers a batch with nothing to store 202 with accepted 0', async () => {
    const visit = newVisit()
    const res = await postEvents(app, { visit, events: [started('visitor')] })
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ accepted: 0 })
  })

  it('reads JSON sent as application/json as well, and lets any origin post', async () => {
    const visit = newVisit()
    const res = await postEvents(
      app,
      { visit, events: [started()] },
      { headers: { 'Content-Type': 'application/json', Origin: 'https://partner.example' } },
    )
    expect(res.status).toBe(202)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(await readStoredEvents(backend, visit)).toHaveLength(1)
  })

  it('stores nothing for crawlers, link scanners and headless browsers, and tells them 202 accepted 0', async () => {
    const visit = newVisit()
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))',
    ]) {
      const res = await postEvents(
        app,
        { visit, events: [started()] },
        { headers: { 'User-Agent': userAgent } },
      )
      expect(res.status, userAgent).toBe(202)
      expect(await res.json()).toEqual({ accepted: 0 })
    }
    expect(await readStoredEvents(backend, visit)).toEqual([])
  })

  it("stores nothing from a sales rep's browser (it carries the reps' session cookie), a person's the same moment", async () => {
    const visit = newVisit()
    const asRep = await postEvents(
      app,
      { visit, events: [started()] },
      { headers: { Cookie: `${REP_SESSION_COOKIE}=any-token` } },
    )
    expect(asRep.status).toBe(202)
    expect(await asRep.json()).toEqual({ accepted: 0 })
    expect(await readStoredEvents(backend, visit)).toEqual([])

    const asProspect = await postEvents(
      app,
      { visit, events: [started()] },
      { headers: { Cookie: 'other=1' } },
    )
    expect(await asProspect.json()).toEqual({ accepted: 1 })
  })
})

describe('POST /api/events: refusing malformed batches', () => {
  const valid = () => ({ visit: newVisit(), events: [started()] })
  const cases: [string, unknown][] = [
    ['not JSON', '{"visit":'],
    ['an empty body', ''],
    ['an array', [valid()]],
    ['no visit', { events: [started()] }],
    ['a visit id too short', { ...valid(), visit: 'abc123' }],
    ['a visit id too long', { ...valid(), visit: 'a'.repeat(65) }],
    ['a visit id with a dot', { ...valid(), visit: 'abcdefgh.ijklmnop' }],
    ['no events', { ...valid(), events: [] }],
    [
      'too many events',
      { ...valid(), events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => started()) },
    ],
    ['an unknown field on the batch', { ...valid(), cookie: 'x' }],
    ['an unknown event name', { ...valid(), events: [{ name: 'page_closed', slug: SLUG }] }],
    [
      'a field another name has',
      { ...valid(), events: [{ name: 'demo_call_started', slug: SLUG, seconds: 3 }] },
    ],
    ['a missing field', { ...valid(), events: [{ name: 'demo_call_ended', slug: SLUG }] }],
    ['an uppercase slug', { ...valid(), events: [started('Bright-Smile')] }],
    ['a reserved slug', { ...valid(), events: [started('privacy')] }],
    ['a slug of 65 characters', { ...valid(), events: [started('a'.repeat(65))] }],
    ['negative seconds', { ...valid(), events: [{ name: 'demo_call_ended', slug: SLUG, seconds: -1 }] }],
    [
      'seconds over a day',
      { ...valid(), events: [{ name: 'video_call_ended', slug: SLUG, seconds: 86401 }] },
    ],
    ['fractional seconds', { ...valid(), events: [{ name: 'demo_call_ended', slug: SLUG, seconds: 1.5 }] }],
    ['seconds as text', { ...valid(), events: [{ name: 'demo_call_ended', slug: SLUG, seconds: '12' }] }],
    [
      'an open, which only the visits route stores',
      { ...valid(), events: [{ name: 'page_opened', slug: SLUG }] },
    ],
    [
      "a page's phone call report, which the server keeps itself",
      { ...valid(), events: [{ name: 'phone_call_requested', slug: SLUG, outcome: 'placed' }] },
    ],
  ]

  it.each(cases)('refuses %s with 400 events_invalid and stores nothing of it', async (_, body) => {
    const before = await countEvents()
    const res = await postEvents(app, body)
    expect(res.status).toBe(400)
    expect(await readError(res)).toEqual({
      code: 'events_invalid',
      message: 'The activity report is not valid.',
    })
    expect(await countEvents()).toBe(before)
  })

  it('takes the edges of each rule: 16- and 64-character visits, 0 and 86400 seconds, 20 events', async () => {
    for (const body of [
      { visit: 'a'.repeat(16), events: [{ name: 'demo_call_ended', slug: SLUG, seconds: 0 }] },
      { visit: `${'A-_9'.repeat(16)}`, events: [{ name: 'video_call_ended', slug: SLUG, seconds: 86400 }] },
      { visit: newVisit(), events: Array.from({ length: MAX_EVENTS_PER_BATCH }, () => started()) },
    ]) {
      const res = await postEvents(app, body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(202)
    }
  })

  it('refuses a body over the cap with 413, by its declared length and while reading one without', async () => {
    const before = await countEvents()
    const big = JSON.stringify({
      visit: newVisit(),
      events: [started()],
      pad: 'x'.repeat(MAX_EVENT_BODY_BYTES),
    })
    const declared = await postEvents(app, big)
    expect(declared.status).toBe(413)
    const streamed = await app.request(EVENTS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect((await readError(streamed)).code).toBe('payload_too_large')
    expect(await countEvents()).toBe(before)
  })
})

async function countEvents(): Promise<number> {
  const { rows } = await backend.db.query<{ n: number }>(
    'select count(*)::integer as n from public.engagement_events',
  )
  return rows[0]?.n ?? 0
}
