import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { NudgeFacts } from '#core/nudge-words.ts'
import { calendlyDelivery, newInvitee } from '../testing/calendly-deliveries.ts'
import {
  addTestProspect,
  beginVisit,
  createEventApp,
  deliverToScheduler,
  newVisit,
  postEvents,
  scheduledEventUri,
} from '../testing/event-test-app.ts'
import { wordsOf } from '../testing/nudge-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())

const NUDGES_ON = {
  nudgeDedupeMinutes: 360,
  getProspectLinkPrefix: () => 'https://demo.example/_/prospects/',
}

/** The scheduler's word that `slug` booked, through its signed webhook. */
const booked = (slug: string) => calendlyDelivery('invitee.created', { slug, invitee: newInvitee() })

/** Makes a rep with this email (a new one each time) the prospect's owner. */
async function ownProspect(slug: string, email: string): Promise<void> {
  const { rows } = await backend.db.query<{ id: string }>(
    'insert into public.reps (email) values ($1) returning id',
    [email],
  )
  await backend.db.query('update public.prospects set owner_id = $1 where slug = $2', [rows[0]?.id, slug])
}

const readNudges = async (slug: string) =>
  (
    await backend.db.query<{ kind: string; text: string | null; facts: NudgeFacts | null }>(
      `select o.kind, o.text, o.facts from public.notification_outbox o join public.prospects p on p.id = o.prospect_id
        where p.slug = $1 order by o.id`,
      [slug],
    )
  ).rows.map((row) => ({ kind: row.kind, text: wordsOf(row) }))

describe('nudges to the reps', () => {
  it('queues one nudge per kind within the window, with its owner and a link to the rep page, and tells the drainer', async () => {
    const onNudgeQueued = vi.fn()
    const app = createEventApp(backend, NUDGES_ON, { onNudgeQueued })
    const slug = await addTestProspect(backend)
    expect((await beginVisit(app, slug)).status).toBe(201)
    expect(onNudgeQueued).toHaveBeenCalledTimes(1)
    await beginVisit(app, slug)
    expect(onNudgeQueued).toHaveBeenCalledTimes(1)
    await deliverToScheduler(app, booked(slug))
    await deliverToScheduler(app, booked(slug))
    expect(onNudgeQueued).toHaveBeenCalledTimes(2)
    expect(await readNudges(slug)).toEqual([
      {
        kind: 'opened',
        text: `Ana Ruiz (Ruiz Plumbing) opened their demo page (no owner) <https://demo.example/_/prospects/${slug}|See their activity>`,
      },
      {
        kind: 'booked',
        text: `Ana Ruiz (Ruiz Plumbing) booked a meeting (no owner) <https://demo.example/_/prospects/${slug}|See their activity>`,
      },
    ])
  })

  it("queues no nudge for what a page says: calls (the voice platform's report tells) and bookings (the scheduler's)", async () => {
    const app = createEventApp(backend, NUDGES_ON)
    const slug = await addTestProspect(backend)
    await postEvents(app, {
      visit: newVisit(),
      events: [
        { name: 'demo_call_ended', slug, seconds: 900 },
        { name: 'video_call_ended', slug, seconds: 600 },
        { name: 'demo_call_started', slug },
        { name: 'meeting_booked', slug, eventUri: scheduledEventUri() },
      ],
    })
    expect(await readNudges(slug)).toEqual([])
  })

  it('names the rep who owns the prospect, their email escaped like every value a nudge quotes', async () => {
    const app = createEventApp(backend, NUDGES_ON)
    const slug = await addTestProspect(backend)
    await ownProspect(slug, 'ann@example.com')
    await deliverToScheduler(app, booked(slug))
    const other = await addTestProspect(backend)
    await ownProspect(other, 'bo<!here>&co@example.com')
    await deliverToScheduler(app, booked(other))
    expect((await readNudges(slug)).map((nudge) => nudge.text)).toEqual([
      `Ana Ruiz (Ruiz Plumbing) booked a meeting (owner: ann@example.com) <https://demo.example/_/prospects/${slug}|See their activity>`,
    ])
    expect((await readNudges(other)).map((nudge) => nudge.text)).toEqual([
      `Ana Ruiz (Ruiz Plumbing) booked a meeting (owner: bo&lt;!here&gt;&amp;co@example.com) <https://demo.example/_/prospects/${other}|See their activity>`,
    ])
  })

  it('queues nothing when nudges are off (no webhook), and stores the facts all the same', async () => {
    const onNudgeQueued = vi.fn()
    const app = createEventApp(backend, { nudgeDedupeMinutes: null }, { onNudgeQueued })
    const slug = await addTestProspect(backend)
    expect((await beginVisit(app, slug)).status).toBe(201)
    expect(await (await deliverToScheduler(app, booked(slug))).json()).toMatchObject({ stored: true })
    expect(await readNudges(slug)).toEqual([])
    expect(onNudgeQueued).not.toHaveBeenCalled()
  })

  it('queues no nudge for an open a limit refused', async () => {
    const app = createEventApp(backend, { ...NUDGES_ON, perProspectMinute: 0 })
    const slug = await addTestProspect(backend)
    const res = await beginVisit(app, slug)
    expect(res.status).toBe(429)
    expect(await readNudges(slug)).toEqual([])
  })
})
