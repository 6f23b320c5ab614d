import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NudgeFacts } from '#core/nudge-words.ts'
import {
  calendlyDelivery,
  newInvitee,
  signCalendly,
  type TestBooking,
} from '../testing/calendly-deliveries.ts'
import { addTestProspect, createEventApp, TEST_SCHEDULER_SIGNING_KEY } from '../testing/event-test-app.ts'
import { wordsOf } from '../testing/nudge-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { SCHEDULER_WEBHOOK_PATH, SIGNATURE_TOLERANCE_SECONDS } from './scheduler-webhook.ts'

let backend: TestBackend
let app: Hono
beforeAll(async () => {
  backend = await createTestBackend()
  app = createEventApp(backend, {
    nudgeDedupeMinutes: 360,
    getProspectLinkPrefix: () => 'https://site.example/_/prospects/',
  })
})
afterAll(() => backend.db.close())

function deliver(
  body: string,
  signature: string | null = signCalendly(body, TEST_SCHEDULER_SIGNING_KEY),
  target = app,
) {
  return target.request(SCHEDULER_WEBHOOK_PATH, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(signature === null ? {} : { 'Calendly-Webhook-Signature': signature }),
    },
    body,
  })
}

const bookedNow = (booking: TestBooking) => deliver(calendlyDelivery('invitee.created', booking))

/** What the reps see of the prospect: stage facts (the rollup's kinds), its meetings, its nudges. */
async function readProspect(slug: string) {
  const { rows: facts } = await backend.db.query<{ firsts: Record<string, string> }>(
    `select r.firsts from public.engagement_rollups r join public.prospects p on p.id = r.prospect_id where p.slug = $1`,
    [slug],
  )
  const { rows: meetings } = await backend.db.query<{ name: string; detail: Record<string, string> }>(
    `select e.name, e.detail from public.engagement_events e join public.prospects p on p.id = e.prospect_id
      where p.slug = $1 order by e.id`,
    [slug],
  )
  const { rows: nudges } = await backend.db.query<{
    kind: string
    text: string | null
    facts: NudgeFacts | null
  }>(
    `select o.kind, o.text, o.facts from public.notification_outbox o join public.prospects p on p.id = o.prospect_id
      where p.slug = $1`,
    [slug],
  )
  return {
    kinds: Object.keys(facts[0]?.firsts ?? {}),
    meetings,
    nudges: nudges.map((row) => ({ kind: row.kind, text: wordsOf(row) })),
  }
}

describe('POST /api/webhooks/calendly', () => {
  it('books the prospect the link named, with whom and when, never the booker’s details, and nudges the reps once', async () => {
    const slug = await addTestProspect(backend)
    const invitee = newInvitee()
    const booking = { slug, invitee, host: 'Sam Rivera', startAt: '2026-12-08T15:30:00.000000Z' }
    const res = await bookedNow(booking)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ stored: true, status: 'recorded' })
    // Calendly retries a delivery it thinks failed: a second one changes nothing.
    expect(await (await bookedNow(booking)).json()).toEqual({ stored: false, status: 'duplicate' })
    const seen = await readProspect(slug)
    expect(seen.kinds).toEqual(['meeting_confirmed'])
    expect(seen.meetings).toEqual([
      {
        name: 'meeting_confirmed',
        detail: {
          invitee,
          rep: 'Sam Rivera',
          startAt: '2026-12-08T15:30:00.000Z',
          eventUri: invitee.replace(/\/invitees\/.*$/, ''),
        },
      },
    ])
    expect(JSON.stringify(seen.meetings)).not.toMatch(/Jane|booker@/)
    expect(seen.nudges).toHaveLength(1)
    expect(seen.nudges[0]?.kind).toBe('booked')
    expect(seen.nudges[0]?.text).toContain(`https://site.example/_/prospects/${slug}`)
  })

  it('takes the booking back when the scheduler says it was cancelled', async () => {
    const slug = await addTestProspect(backend)
    const invitee = newInvitee()
    await bookedNow({ slug, invitee, host: 'Sam Rivera' })
    const res = await deliver(calendlyDelivery('invitee.canceled', { slug, invitee }))
    expect(await res.json()).toEqual({ stored: true, status: 'canceled' })
    const seen = await readProspect(slug)
    expect(seen.kinds).toEqual(['meeting_canceled'])
    expect(seen.meetings.map((meeting) => [meeting.name, typeof meeting.detail.canceledAt])).toEqual([
      ['meeting_canceled', 'string'],
    ])
    // A cancellation of a booking this server never stored changes nothing.
    expect(
      await (await deliver(calendlyDelivery('invitee.canceled', { slug, invitee: newInvitee() }))).json(),
    ).toEqual({
      stored: false,
      status: 'unknown_booking',
    })
  })

  it('keeps nothing of a booking whose link named no prospect of ours, and answers 200 so it is not retried', async () => {
    const slug = await addTestProspect(backend)
    for (const booking of [
      { slug: null, invitee: newInvitee() },
      { slug: 'no-such-prospect', invitee: newInvitee() },
      { slug: 'visitor', invitee: newInvitee() },
    ]) {
      const res = await bookedNow(booking)
      expect(res.status).toBe(200)
      expect((await res.json()) as { stored: boolean }).toMatchObject({ stored: false })
    }
    const other = JSON.parse(calendlyDelivery('invitee.created', { slug, invitee: newInvitee() }))
    expect(
      await (await deliver(JSON.stringify({ ...other, event: 'routing_form_submission.created' }))).json(),
    ).toEqual({
      stored: false,
    })
    expect((await readProspect(slug)).meetings).toEqual([])
  })

  it('refuses with 401, storing nothing, a delivery unsigned, signed with another key, altered, or signed too long ago', async () => {
    const slug = await addTestProspect(backend)
    const body = calendlyDelivery('invitee.created', { slug, invitee: newInvitee() })
    const stale = new Date(Date.now() - (SIGNATURE_TOLERANCE_SECONDS + 5) * 1000)
    for (const [what, signature, sent] of [
      ['unsigned', null, body],
      ['another key', signCalendly(body, 'another-signing-key-0123456789'), body],
      ['altered', signCalendly(body, TEST_SCHEDULER_SIGNING_KEY), body.replace(slug, 'harbor-realty')],
      ['too old', signCalendly(body, TEST_SCHEDULER_SIGNING_KEY, stale), body],
      ['not a signature', 'v1=abc', body],
    ] as const) {
      const res = await deliver(sent, signature)
      expect(res.status, what).toBe(401)
    }
    expect((await readProspect(slug)).meetings).toEqual([])
    expect(
      (await readProspect('harbor-realty')).meetings.filter((m) => m.name === 'meeting_confirmed'),
    ).toEqual([])
  })

  it('answers 503 webhook_not_configured without a signing key: no booking counts then', async () => {
    const off = createEventApp(backend, { schedulerSigningKey: null })
    const body = calendlyDelivery('invitee.created', { slug: 'harbor-realty', invitee: newInvitee() })
    const res = await deliver(body, signCalendly(body, TEST_SCHEDULER_SIGNING_KEY), off)
    expect(res.status).toBe(503)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('webhook_not_configured')
  })
})
