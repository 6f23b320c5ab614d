import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PAGE_TITLE_MAX,
  PAGE_URL_MAX,
  VISIT_ID_PATTERN,
  VISITS_PATH,
  type VisitResponse,
} from '#core/engagement.ts'
import { REP_SESSION_COOKIE } from '#core/rep-api.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import {
  addTestProspect,
  createEventApp,
  postEvents,
  readStoredEvents,
  TEST_EVENT_HASH_SECRET,
} from '../testing/event-test-app.ts'
import { createTestBackend, TEST_VISIT_TOKENS, type TestBackend } from '../testing/test-backend.ts'

let backend: TestBackend
let app: Hono
const LIMIT = 4
beforeAll(async () => {
  backend = await createTestBackend()
  app = createEventApp(backend, { visitsPerAddressHour: LIMIT, nudgeDedupeMinutes: 360 })
})
afterAll(() => backend.db.close())

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
let addresses = 0
/** An address of the test's own, so that its per-address counts start at nothing. */
const newAddress = () => `203.0.113.${++addresses}`

function beginVisit(body: unknown, { ip = newAddress(), headers = {} as Record<string, string> } = {}) {
  return app.request(VISITS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER, 'X-Forwarded-For': ip, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const opensOf = async (slug: string) =>
  (
    await backend.db.query<{ visit_id: string; detail: Record<string, string>; address_key: string }>(
      `select e.visit_id, e.detail, e.address_key from public.engagement_events e
         join public.prospects p on p.id = e.prospect_id
        where p.slug = $1 and e.name = 'page_opened' order by e.id`,
      [slug],
    )
  ).rows

describe('POST /api/visits', () => {
  it('begins a visit of the server’s choosing, counts its open with the Origin the browser sent, and nudges the reps', async () => {
    const slug = await addTestProspect(backend)
    const ip = newAddress()
    const res = await beginVisit(
      { slug, surface: 'embed' },
      { ip, headers: { Origin: 'https://partner.example:8443' } },
    )
    expect(res.status).toBe(201)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const { visit } = (await res.json()) as VisitResponse
    expect(visit?.id).toMatch(VISIT_ID_PATTERN)
    expect(
      await TEST_VISIT_TOKENS.verify(slug, visit?.id ?? '', visit?.token ?? '', new Date()),
    ).not.toBeNull()
    expect(await opensOf(slug)).toEqual([
      {
        visit_id: visit?.id,
        detail: { surface: 'embed', origin: 'https://partner.example:8443' },
        address_key: await createKeyedHash(TEST_EVENT_HASH_SECRET)('ip', ip),
      },
    ])
    const nudges = await backend.db.query(
      `select o.kind from public.notification_outbox o join public.prospects p on p.id = o.prospect_id
        where p.slug = $1`,
      [slug],
    )
    expect(nudges.rows).toEqual([{ kind: 'opened' }])
    // Its token carries the visit's events; another visit's id with it carries nothing.
    const events = [{ name: 'demo_call_started', slug }]
    const tokens = { [slug]: visit?.token ?? '' }
    expect(await (await postEvents(app, { visit: visit?.id, events, tokens })).json()).toEqual({
      accepted: 1,
    })
    const other = 'B'.repeat(22)
    expect(await (await postEvents(app, { visit: other, events, tokens })).json()).toEqual({ accepted: 0 })
    expect(await readStoredEvents(backend, other)).toEqual([])
  })

  it('stores an open without a site when the browser sent no page origin of its own', async () => {
    const slug = await addTestProspect(backend)
    for (const origin of [undefined, 'null', 'https://partner.example/page', 'file://partner']) {
      const res = await beginVisit({ slug, surface: 'site' }, { headers: origin ? { Origin: origin } : {} })
      expect(res.status, String(origin)).toBe(201)
    }
    expect((await opensOf(slug)).map((open) => open.detail)).toEqual(Array(4).fill({ surface: 'site' }))
  })

  it('stores the channel a rep’s link named (email, LinkedIn) with the open, and refuses any other', async () => {
    const slug = await addTestProspect(backend)
    for (const channel of ['email', 'linkedin']) {
      const res = await beginVisit({ slug, surface: 'site', channel })
      expect(res.status, channel).toBe(201)
    }
    expect((await opensOf(slug)).map((open) => open.detail)).toEqual([
      { surface: 'site', channel: 'email' },
      { surface: 'site', channel: 'linkedin' },
    ])
    // Only our own page reads a link's channel; an unknown one, or one from a partner page, is no visit request.
    for (const body of [
      { slug, surface: 'site', channel: 'fax' },
      { slug, surface: 'site', channel: 'EMAIL' },
      { slug, surface: 'site', channel: null },
      { slug, surface: 'embed', channel: 'email' },
    ]) {
      expect((await beginVisit(body)).status, JSON.stringify(body)).toBe(400)
    }
    expect(await opensOf(slug)).toHaveLength(2)
  })

  it('stores the partner page a visit names, its address without query or fragment, its title as sent', async () => {
    const slug = await addTestProspect(backend)
    const page = {
      url: 'https://partner.example/blog/our-dentist?utm=mail#top',
      title: ' Our  dentist | Partner ',
    }
    const res = await beginVisit(
      { slug, surface: 'embed', page },
      { headers: { Origin: 'https://partner.example' } },
    )
    expect(res.status).toBe(201)
    expect((await opensOf(slug)).map((open) => open.detail)).toEqual([
      {
        surface: 'embed',
        origin: 'https://partner.example',
        page_url: 'https://partner.example/blog/our-dentist',
        page_title: 'Our dentist | Partner',
      },
    ])
    // The longest address and title a page may send, in four-byte characters, still fit the stored detail.
    const longest = await addTestProspect(backend)
    const url = `https://partner.example/${'a'.repeat(PAGE_URL_MAX - 'https://partner.example/'.length)}`
    const title = '😀'.repeat(PAGE_TITLE_MAX / 2)
    const stored = await beginVisit(
      { slug: longest, surface: 'embed', page: { url, title } },
      { headers: { Origin: 'https://partner.example' } },
    )
    expect(stored.status).toBe(201)
    expect((await opensOf(longest))[0]?.detail).toMatchObject({ page_url: url, page_title: title })
  })

  it('refuses a page that is no web address or is too long, and keeps no page another site named', async () => {
    const slug = await addTestProspect(backend)
    const refused = [
      { url: 'javascript:alert(1)', title: 'x' },
      { url: 'data:text/html,<b>hi</b>', title: 'x' },
      { url: '/relative/path', title: 'x' },
      { url: 'https://user:secret@partner.example/', title: 'x' },
      { url: `https://partner.example/${'a'.repeat(PAGE_URL_MAX)}`, title: 'x' },
      { url: 'https://partner.example/', title: 'T'.repeat(PAGE_TITLE_MAX + 1) },
      { url: 'https://partner.example/' },
    ]
    for (const page of refused) {
      const res = await beginVisit(
        { slug, surface: 'embed', page },
        { headers: { Origin: 'https://partner.example' } },
      )
      expect(res.status, JSON.stringify(page).slice(0, 60)).toBe(400)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('events_invalid')
    }
    // Our own page names no page of a partner's.
    const ours = await beginVisit({
      slug,
      surface: 'site',
      page: { url: 'https://partner.example/', title: 'x' },
    })
    expect(ours.status).toBe(400)
    expect(await opensOf(slug)).toEqual([])

    // A page on another site than the one its browser named, or with no origin named, is not stored.
    const elsewhere = { url: 'https://other.example/pricing', title: 'Pricing' }
    await beginVisit(
      { slug, surface: 'embed', page: elsewhere },
      { headers: { Origin: 'https://partner.example' } },
    )
    const second = await addTestProspect(backend)
    await beginVisit({ slug: second, surface: 'embed', page: elsewhere })
    expect((await opensOf(slug)).map((open) => open.detail)).toEqual([
      { surface: 'embed', origin: 'https://partner.example' },
    ])
    expect((await opensOf(second)).map((open) => open.detail)).toEqual([{ surface: 'embed' }])
  })

  it('counts one open of a prospect per address an hour, and still gives the later visits their token', async () => {
    const slug = await addTestProspect(backend)
    const ip = newAddress()
    const first = (await (await beginVisit({ slug, surface: 'site' }, { ip })).json()) as VisitResponse
    const again = (await (await beginVisit({ slug, surface: 'site' }, { ip })).json()) as VisitResponse
    expect(again.visit?.id).not.toBe(first.visit?.id)
    expect(await (await beginVisit({ slug, surface: 'site' })).json()).toMatchObject({
      visit: expect.any(Object),
    })
    expect((await opensOf(slug)).map((open) => open.visit_id)).toEqual([first.visit?.id, expect.any(String)])
    const events = [{ name: 'demo_call_started', slug }]
    const res = await postEvents(app, {
      visit: again.visit?.id,
      events,
      tokens: { [slug]: again.visit?.token },
    })
    expect(await res.json()).toEqual({ accepted: 1 })
  })

  it(`begins at most ${LIMIT} visits an hour from one address, whatever the prospects, then 429 with Retry-After`, async () => {
    const ip = newAddress()
    for (let i = 0; i < LIMIT; i++) {
      expect(
        (await beginVisit({ slug: await addTestProspect(backend), surface: 'site' }, { ip })).status,
      ).toBe(201)
    }
    const slug = await addTestProspect(backend)
    const refused = await beginVisit({ slug, surface: 'site' }, { ip })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many visits from your network\. Please try again in /,
    )
    expect(await opensOf(slug)).toEqual([])
    expect((await beginVisit({ slug, surface: 'site' })).status).toBe(201) // another address
  })

  it('begins none for crawlers and for a signed-in rep’s browser, and stores nothing', async () => {
    const slug = await addTestProspect(backend)
    for (const headers of [
      { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'User-Agent': 'curl/8.5.0' },
      { Cookie: `${REP_SESSION_COOKIE}=any-token` },
    ]) {
      const res = await beginVisit({ slug, surface: 'site' }, { headers })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ visit: null })
    }
    expect(await opensOf(slug)).toEqual([])
  })

  it('refuses what is not a visit request with 400, and an unknown prospect’s visit counts nothing', async () => {
    for (const body of [
      '{',
      { slug: 'Bad Slug', surface: 'site' },
      { slug: 'harbor-realty' },
      { slug: 'harbor-realty', surface: 'site', visit: 'x' },
    ]) {
      expect((await beginVisit(body)).status, JSON.stringify(body)).toBe(400)
    }
    const res = await beginVisit({ slug: 'no-such-prospect', surface: 'site' })
    expect(res.status).toBe(201)
    expect(await opensOf('no-such-prospect')).toEqual([])
  })
})
