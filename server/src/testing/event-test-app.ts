import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { EVENTS_PATH, VISITS_PATH } from '#core/engagement.ts'
import { isValidSlug } from '#core/prospect.ts'
import { type AppDeps, createApp } from '../app.ts'
import { createClientIpReader } from '../common/client-ip.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import { createVisitId } from '../common/visit-token.ts'
import type { EventSettings } from '../events/event-settings.ts'
import { SCHEDULER_WEBHOOK_PATH } from '../events/scheduler-webhook.ts'
import { signCalendly } from './calendly-deliveries.ts'
import { TEST_VISIT_TOKENS, type TestBackend } from './test-backend.ts'

export const TEST_EVENT_HASH_SECRET = 'test-event-hash-secret-0123456789abcdef'

/** The signing key of the test apps' scheduler webhook subscription. */
export const TEST_SCHEDULER_SIGNING_KEY = 'test-scheduler-signing-key-0123456789'

/** A scheduled event's address as Calendly's message to the page carries it. */
export const scheduledEventUri = (id: string = randomUUID()): string =>
  `https://api.calendly.com/scheduled_events/${id}`

/** Limits high enough that only the tests about limits meet them; nudges off. */
export const TEST_EVENT_SETTINGS: EventSettings = {
  perAddressMinute: 100000,
  perProspectMinute: 1000000,
  hash: createKeyedHash(TEST_EVENT_HASH_SECRET),
  visitTokens: TEST_VISIT_TOKENS,
  visitsPerAddressHour: 100000,
  schedulerSigningKey: TEST_SCHEDULER_SIGNING_KEY,
  nudgeDedupeMinutes: null,
  getProspectLinkPrefix: () => null,
  commitConcurrency: 1,
  now: () => new Date(),
}

/** Each test app's clock, so that {@link postEvents} signs its tokens in the app's time. */
const clocks = new WeakMap<Hono, () => Date>()

/** The app over the test backend, trusting `x-forwarded-for` so each test can pick the client's address. */
export function createEventApp(
  backend: TestBackend,
  settings: Partial<EventSettings> = {},
  deps: Partial<AppDeps> = {},
): Hono {
  const events = { ...TEST_EVENT_SETTINGS, ...settings }
  const app = createApp({
    ...backend.deps,
    events,
    clientIp: createClientIpReader('x-forwarded-for'),
    ...deps,
  })
  clocks.set(app, events.now)
  return app
}

/** A page loaded this long before the events it sends: longer than any call a test reports. */
const PAGE_AGE_MS = 60 * 60_000

/**
 * The visit tokens of the prospects `events` name for `visit`, as the visits route issued them an
 * hour before `at` (what a real page sends along; see core/engagement.ts).
 */
export async function signVisitTokens(
  events: readonly { slug?: unknown }[],
  visit: string,
  at: Date = new Date(),
): Promise<Record<string, string>> {
  const slugs = new Set(events.map((event) => event.slug).filter((slug) => typeof slug === 'string'))
  const issuedAt = new Date(at.getTime() - PAGE_AGE_MS)
  const tokens: Record<string, string> = {}
  for (const slug of slugs)
    if (isValidSlug(slug)) tokens[slug] = await TEST_VISIT_TOKENS.issue(slug, visit, issuedAt)
  return tokens
}

/** A visit id, of the kind the visits route chooses. */
export const newVisit = (): string => createVisitId()

export interface PostOptions {
  ip?: string
  headers?: Record<string, string>
}

/**
 * What sendBeacon sends: the JSON as `text/plain`, from a desktop browser. A batch object without
 * `tokens` gets its prospects' visit tokens, signed in the app's time, as a real page's would.
 */
export async function postEvents(
  app: Hono,
  body: unknown,
  { ip = '203.0.113.10', headers = {} }: PostOptions = {},
) {
  if (isBatchWithoutTokens(body)) {
    const visit = typeof body.visit === 'string' ? body.visit : ''
    body = { ...body, tokens: await signVisitTokens(body.events, visit, clocks.get(app)?.()) }
  }
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

let visitAddresses = 0

/**
 * Begins a visit of `slug` as a page does once it counts as opened (`POST /api/visits`), from an
 * address of its own unless one is given (one address opens a prospect once an hour), and answers
 * the response.
 */
export function beginVisit(
  app: Hono,
  slug: string,
  {
    ip = `198.18.${Math.floor(++visitAddresses / 250)}.${visitAddresses % 250}`,
    headers = {},
  }: PostOptions = {},
) {
  return app.request(VISITS_PATH, {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      'User-Agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'X-Forwarded-For': ip,
      Origin: 'https://demo.example',
      ...headers,
    },
    body: JSON.stringify({ slug, surface: 'site' }),
  })
}

/** A delivery of the scheduler's webhook, signed as Calendly signs it with the test apps' key. */
export function deliverToScheduler(app: Hono, body: string) {
  return app.request(SCHEDULER_WEBHOOK_PATH, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Calendly-Webhook-Signature': signCalendly(body, TEST_SCHEDULER_SIGNING_KEY),
    },
    body,
  })
}

const isBatchWithoutTokens = (body: unknown): body is { visit?: unknown; events: { slug?: unknown }[] } =>
  typeof body === 'object' &&
  body !== null &&
  !('tokens' in body) &&
  'events' in body &&
  Array.isArray(body.events) &&
  body.events.every((event) => typeof event === 'object' && event !== null)

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
