import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { EVENTS_PATH } from '#core/engagement.ts'
import { type AppDeps, createApp } from '../app.ts'
import { createClientIpReader } from '../common/client-ip.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import type { EventSettings } from '../events/event-settings.ts'
import type { TestBackend } from './test-backend.ts'

export const TEST_EVENT_HASH_SECRET = 'test-event-hash-secret-0123456789abcdef'

/** Limits high enough that only the tests about limits meet them; nudges off. */
export const TEST_EVENT_SETTINGS: EventSettings = {
  perAddressMinute: 100000,
  perProspectMinute: 1000000,
  hash: createKeyedHash(TEST_EVENT_HASH_SECRET),
  nudgeDedupeMinutes: null,
  prospectLinkPrefix: null,
  commitConcurrency: 1,
  now: () => new Date(),
}

/** The app over the test backend, trusting `x-forwarded-for` so each test can pick the client's address. */
export const createEventApp = (
  backend: TestBackend,
  settings: Partial<EventSettings> = {},
  deps: Partial<AppDeps> = {},
): Hono =>
  createApp({
    ...backend.deps,
    events: { ...TEST_EVENT_SETTINGS, ...settings },
    clientIp: createClientIpReader('x-forwarded-for'),
    ...deps,
  })

/** A new tab's visit id, as the browser makes it. */
export const newVisit = (): string => randomUUID()

export interface PostOptions {
  ip?: string
  headers?: Record<string, string>
}

/** What sendBeacon sends: the JSON as `text/plain`, from a desktop browser. */
export function postEvents(
  app: Hono,
  body: unknown,
  { ip = '203.0.113.10', headers = {} }: PostOptions = {},
) {
  return app.request(EVENTS_PATH, {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      'User-Agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'X-Forwarded-For': ip,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** The events stored for a visit, oldest first, with their prospect's slug. */
export async function readStoredEvents(backend: TestBackend, visit: string) {
  const { rows } = await backend.db.query<{
    slug: string
    name: string
    detail: Record<string, string | number>
    address_key: string | null
  }>(
    `select p.slug, e.name, e.detail, e.address_key
       from public.engagement_events e join public.prospects p on p.id = e.prospect_id
      where e.visit_id = $1 order by e.id`,
    [visit],
  )
  return rows
}

/** Adds a prospect of the test's own, so that its per-prospect counts start at nothing. */
export async function addTestProspect(backend: TestBackend, slug = `test-${randomUUID().slice(0, 8)}`) {
  await backend.db.query(
    `insert into public.prospects (slug, name, company_name, first_message, system)
     values ($1, 'Ana Ruiz', 'Ruiz Plumbing', 'Hello!', 'You are a receptionist.')`,
    [slug],
  )
  return slug
}

let minutesHandedOut = 0

/**
 * A clock stopped in a minute of its own, for a test of a per-minute limit: all of the test's requests
 * fall in that one window however slow the machine, and no other test's counts are in it.
 */
export function clockInOwnMinute(): () => Date {
  minutesHandedOut += 1
  const at = new Date(Date.UTC(2031, 0, 1, 0, 0, 0) + minutesHandedOut * 60_000 + 15_000)
  return () => at
}
