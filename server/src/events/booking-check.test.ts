import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addTestProspect,
  createEventApp,
  newVisit,
  postEvents,
  readStoredEvents,
} from '../testing/event-test-app.ts'
import { FAKE_CALENDLY_TOKEN, startFakeCalendly } from '../testing/fake-calendly.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { createBookingCheck } from './booking-check.ts'

let backend: TestBackend
let calendly: Awaited<ReturnType<typeof startFakeCalendly>>
let app: Hono
beforeAll(async () => {
  backend = await createTestBackend()
  calendly = await startFakeCalendly()
  app = createEventApp(backend, {
    checkBooking: createBookingCheck({ apiUrl: calendly.url, apiToken: FAKE_CALENDLY_TOKEN }),
  })
})
afterAll(async () => {
  await calendly.close()
  await backend.db.close()
})

const book = async (id: string, host: string | undefined, rep?: string) => {
  const slug = await addTestProspect(backend)
  const visit = newVisit()
  const eventUri = calendly.book(id, { status: 'active', createdAt: new Date(), ...(host ? { host } : {}) })
  const res = await postEvents(app, {
    visit,
    events: [{ name: 'meeting_booked', slug, eventUri, ...(rep ? { rep } : {}) }],
  })
  expect(await res.json()).toEqual({ accepted: 1 })
  return (await readStoredEvents(backend, visit))[0]?.detail
}

describe('whom a booked call is with', () => {
  it("is the host the scheduler's confirmation names, whatever the page said", async () => {
    expect(await book('HOSTED-1', 'Sam Rivera', 'Someone Else')).toMatchObject({ rep: 'Sam Rivera' })
  })

  it('is the rep whose scheduler the page showed when the scheduler names nobody', async () => {
    expect(await book('NO-HOST-1', undefined, 'Sam Rivera')).toMatchObject({ rep: 'Sam Rivera' })
  })

  it("is nobody in particular for the team's scheduler", async () => {
    expect(await book('TEAM-1', undefined)).not.toHaveProperty('rep')
  })

  it('is a name on one line of at most 80 characters, even when the scheduler sends more', async () => {
    const detail = await book('LONG-1', `Sam\n${'x'.repeat(100)}`)
    expect(detail?.rep).toBe(`Sam ${'x'.repeat(76)}`)
  })
})
