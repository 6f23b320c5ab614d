import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import {
  addTestProspect,
  clockInOwnMinute,
  createEventApp,
  newVisit,
  postEvents,
  readStoredEvents,
} from '../testing/event-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())
// Each test's requests meet one window of the per-minute counts, of their own.
let now: () => Date
beforeEach(() => {
  now = clockInOwnMinute()
})

const started = (slug: string) => ({ name: 'demo_call_started', slug })
const readError = async (res: Response) => ((await res.json()) as ErrorBody).error
const counters = async (prefix: string) =>
  (
    await backend.db.query<{ bucket: string; hits: number }>(
      `select bucket, hits from public.rate_limit_counters where bucket like $1 || '%' order by bucket`,
      [prefix],
    )
  ).rows

describe('POST /api/events: limits', () => {
  it('takes the configured number of batches per address a minute, then answers 429 with Retry-After and stores nothing', async () => {
    const app = createEventApp(backend, { perAddressMinute: 3, now })
    const slug = await addTestProspect(backend)
    const visit = newVisit()
    for (let i = 0; i < 3; i++) {
      const res = await postEvents(
        app,
        { visit, events: [started(slug), started(slug)] },
        { ip: '192.0.2.1' },
      )
      expect(res.status).toBe(202)
    }
    const refused = await postEvents(app, { visit, events: [started(slug)] }, { ip: '192.0.2.1' })
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await readError(refused)).toEqual({
      code: 'rate_limited',
      message: 'Too many activity reports from your network. Please try again in a minute.',
    })
    expect(await readStoredEvents(backend, visit)).toHaveLength(6)
    // The refusal counted nowhere: the prospect's count is the six stored events.
    expect(await counters(`events:prospect:${slug}`)).toEqual([
      { bucket: `events:prospect:${slug}`, hits: 6 },
    ])
    // Another address is not held up, and an IPv6 client is counted by its /64.
    const other = await postEvents(app, { visit, events: [started(slug)] }, { ip: '2001:db8:1:2::1' })
    expect(other.status).toBe(202)
    for (let i = 0; i < 2; i++) {
      const sameNetwork = await postEvents(
        app,
        { visit, events: [started(slug)] },
        { ip: `2001:db8:1:2::${i + 2}` },
      )
      expect(sameNetwork.status).toBe(202)
    }
    const fourth = await postEvents(app, { visit, events: [started(slug)] }, { ip: '2001:db8:1:2:ffff::9' })
    expect(fourth.status).toBe(429)
  })

  it('takes the configured number of events per prospect a minute, whatever the addresses, all of a batch or none', async () => {
    const app = createEventApp(backend, { perProspectMinute: 5, now })
    const [slug, other] = [await addTestProspect(backend), await addTestProspect(backend)]
    const visit = newVisit()
    const first = await postEvents(
      app,
      { visit, events: [started(slug), started(slug), started(slug)] },
      { ip: '192.0.2.10' },
    )
    expect(await first.json()).toEqual({ accepted: 3 })
    // Three more would make six: the whole batch is refused, the other prospect's event with it.
    const over = await postEvents(
      app,
      { visit, events: [started(other), started(slug), started(slug), started(slug)] },
      { ip: '192.0.2.11' },
    )
    expect(over.status).toBe(429)
    expect(over.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await readError(over)).message).toBe(
      'Too much activity reported for this page. Please try again in a minute.',
    )
    expect((await readStoredEvents(backend, visit)).map((row) => row.slug)).toEqual([slug, slug, slug])
    // Two still fit, from yet another address; then the prospect is full, and the other is not.
    const rest = await postEvents(
      app,
      { visit, events: [started(slug), started(slug)] },
      { ip: '192.0.2.12' },
    )
    expect(await rest.json()).toEqual({ accepted: 2 })
    expect((await postEvents(app, { visit, events: [started(slug)] }, { ip: '192.0.2.13' })).status).toBe(429)
    expect((await postEvents(app, { visit, events: [started(other)] }, { ip: '192.0.2.13' })).status).toBe(
      202,
    )
    expect(await counters(`events:prospect:${other}`)).toEqual([
      { bucket: `events:prospect:${other}`, hits: 1 },
    ])
  })

  it('stores nothing at a limit of 0, and a refused request leaves no counter behind', async () => {
    const app = createEventApp(backend, { perAddressMinute: 0, now })
    const slug = await addTestProspect(backend)
    const visit = newVisit()
    const res = await postEvents(app, { visit, events: [started(slug)] }, { ip: '192.0.2.20' })
    expect(res.status).toBe(429)
    expect(await readStoredEvents(backend, visit)).toEqual([])
    expect(await counters(`events:prospect:${slug}`)).toEqual([])
  })

  it('counts unknown slugs against the address only: nothing stored, no counter for a prospect that does not exist', async () => {
    const app = createEventApp(backend, { perAddressMinute: 1, now })
    const visit = newVisit()
    const res = await postEvents(app, { visit, events: [started('nobody-here')] }, { ip: '192.0.2.30' })
    expect(await res.json()).toEqual({ accepted: 0 })
    expect(await counters('events:prospect:nobody-here')).toEqual([])
    expect(
      (await postEvents(app, { visit, events: [started('nobody-here')] }, { ip: '192.0.2.30' })).status,
    ).toBe(429)
  })
})
