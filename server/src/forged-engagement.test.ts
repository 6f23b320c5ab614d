import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VisitResponse } from '#core/engagement.ts'
import { listActivity } from './reps/activity-store.ts'
import { beginVisit, createEventApp, postEvents, scheduledEventUri } from './testing/event-test-app.ts'
import { createTestBackend, type TestBackend } from './testing/test-backend.ts'

/**
 * The reps' stages, "hot" and nudges come only from facts. The slugs are public (they are in every
 * link), so anyone can post what they like: this is the outside probe's reproduction (one GET and a
 * few POSTs from one address, aiming for "booked, hot, 5 visits" and a nudge naming a site of theirs),
 * re-run against what a visit may do now.
 */
let backend: TestBackend
let app: Hono
beforeAll(async () => {
  backend = await createTestBackend()
  app = createEventApp(backend, {
    nudgeDedupeMinutes: 360,
    getProspectLinkPrefix: () => 'https://demo.example/_/prospects/',
  })
})
afterAll(() => backend.db.close())

const SLUG = 'harbor-realty'
const PROBE = '198.51.100.66'

async function readState() {
  const { prospects } = await listActivity(
    backend.db,
    { query: SLUG, ownerId: null, stage: null, hotOnly: false },
    { offset: 0, limit: null },
    new Date(),
  )
  const row = prospects.find((prospect) => prospect.slug === SLUG)
  const { rows } = await backend.db.query<{ nudges: string[]; origins: string[] }>(
    `select array(select o.kind from public.notification_outbox o where o.prospect_id = p.id order by o.id) as nudges,
            array(select distinct e.detail ->> 'origin' from public.engagement_events e
                   where e.prospect_id = p.id and e.detail ? 'origin') as origins
       from public.prospects p where p.slug = $1`,
    [SLUG],
  )
  return { stage: row?.stage, hot: row?.hot, visits: row?.visits, talkSeconds: row?.talkSeconds, ...rows[0] }
}

describe('the outside probe, re-run: one GET and POSTs from one address', () => {
  it('gets no token from the prospect answer, and made-up tokens store nothing', async () => {
    const answer = await app.request(`/api/prospects/${SLUG}`, { headers: { 'User-Agent': 'curl/8.5.0' } })
    expect(answer.status).toBe(200)
    expect(JSON.stringify(await answer.json())).not.toMatch(/token/i)
    for (const tokens of [{}, { [SLUG]: 'zz0000.0123456789abcdef0123456789abcdef' }]) {
      const res = await postEvents(app, {
        visit: 'probe-visit-0000000001',
        events: [
          { name: 'demo_call_ended', slug: SLUG, seconds: 86400 },
          { name: 'meeting_booked', slug: SLUG, eventUri: scheduledEventUri() },
        ],
        tokens,
      })
      expect(await res.json()).toEqual({ accepted: 0 })
    }
    expect(await readState()).toMatchObject({ stage: 'sent', hot: false, visits: 0, nudges: [] })
  })

  it('makes one visit of five begun, books nothing by saying so, asks for no call by saying so, and names only what its requests carried', async () => {
    const visits: VisitResponse['visit'][] = []
    for (let i = 0; i < 5; i++) {
      const res = await beginVisit(app, SLUG, { ip: PROBE, headers: { Origin: 'https://evil.example' } })
      visits.push(((await res.json()) as VisitResponse).visit)
    }
    for (const visit of visits) {
      const res = await postEvents(
        app,
        {
          visit: visit?.id,
          events: [{ name: 'meeting_booked', slug: SLUG, eventUri: scheduledEventUri() }],
          tokens: { [SLUG]: visit?.token },
        },
        { ip: PROBE },
      )
      expect(await res.json()).toEqual({ accepted: 1 }) // kept as the page's word
    }
    const asked = await postEvents(
      app,
      {
        visit: visits[0]?.id,
        events: [{ name: 'phone_call_requested', slug: SLUG, outcome: 'placed' }],
        tokens: { [SLUG]: visits[0]?.token },
      },
      { ip: PROBE },
    )
    expect(asked.status).toBe(400)
    // Opened once, by the one address; the site is the Origin its request sent, shown to reps as
    // the page's word; not booked, not asked for a call, not hot; one "opened" nudge.
    expect(await readState()).toEqual({
      stage: 'opened',
      hot: false,
      visits: 1,
      talkSeconds: 0,
      nudges: ['opened'],
      origins: ['https://evil.example'],
    })
  })
})
