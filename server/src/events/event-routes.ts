import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { z } from 'zod'
import {
  type EmbedPage,
  EVENTS_PATH,
  type EventBatchResponse,
  MAX_EVENT_BODY_BYTES,
  OPEN_PER_ADDRESS_MINUTES,
  PAGE_TITLE_MAX,
  PAGE_URL_MAX,
  VISIT_CHANNELS,
  VISITS_PATH,
  type VisitResponse,
} from '#core/engagement.ts'
import { AppError } from '#core/errors.ts'
import { isValidSlug } from '#core/prospect.ts'
import { REP_SESSION_COOKIE } from '#core/rep-api.ts'
import type { ClientIpReader } from '../common/client-ip.ts'
import { limitBody } from '../common/limit-body.ts'
import { HOUR_S, type ScopeMessages, toRateLimitError } from '../common/rate-limit-error.ts'
import { createVisitId } from '../common/visit-token.ts'
import type { Db } from '../data/database.ts'
import { checkRateLimits } from '../data/rate-limits.ts'
import type { EventDropReason, Metrics } from '../metrics/metrics.ts'
import { admitEvents } from './admit-events.ts'
import { isAutomatedUserAgent } from './automated-user-agent.ts'
import { parseEventBatch } from './event-batch.ts'
import type { EventSettings } from './event-settings.ts'
import { createEventRecorder } from './record-events.ts'

export interface EventRouteDeps {
  db: Db
  settings: EventSettings
  clientIp: ClientIpReader
  /** Called after a batch queued a nudge, so the server's drainer sends it at once. */
  onNudgeQueued?: (() => void) | undefined
  /** Counts events stored and dropped, by reason; absent, nothing is counted. */
  metrics?: Metrics | undefined
}

/** What the page's reporter is told per full scope (it retries later by itself; nobody reads it). */
const MESSAGES: ScopeMessages = [
  ['visits:ip:', (wait) => `Too many visits from your network. Please try again ${wait}.`],
  ['events:prospect:', (wait) => `Too much activity reported for this page. Please try again ${wait}.`],
  ['events:ip:', (wait) => `Too many activity reports from your network. Please try again ${wait}.`],
]

/** A visit request is a slug and a word: far below this. */
/** The slug, the surface and a partner's page: its address and title, each at most its length in characters. */
const MAX_VISIT_BODY_BYTES = 2048
const MAX_ORIGIN_LENGTH = 200

/** A channel only our own page sends (its link's `?via=`), so a partner page naming one is refused. */
const VisitBody = z
  .strictObject({
    slug: z.string().refine(isValidSlug),
    surface: z.enum(['site', 'embed']),
    channel: z.enum(VISIT_CHANNELS).optional(),
    page: z
      .strictObject({
        url: z
          .string()
          .max(PAGE_URL_MAX)
          .refine((url) => readPageUrl(url) !== null),
        title: z.string().max(PAGE_TITLE_MAX),
      })
      .optional(),
  })
  .refine((body) => body.channel === undefined || body.surface === 'site')
  .refine((body) => body.page === undefined || body.surface === 'embed')

/**
 * A partner page's address as the Timeline links it: an absolute http(s) address with no name or
 * password in it, stored without query or fragment (the widget sends none; any that comes is dropped,
 * as personal data travels there); null for anything else (`javascript:`, `data:`, a relative path).
 */
export function readPageUrl(text: string): string | null {
  if (!URL.canParse(text)) return null
  const url = new URL(text)
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null
  return `${url.origin}${url.pathname}`.slice(0, PAGE_URL_MAX)
}

/**
 * What `page_opened` keeps of a partner's page: its address and title (spaces collapsed), only when
 * the page is on the origin the browser itself named in `Origin` (a page cannot name another site's).
 */
function pageDetail(page: EmbedPage | undefined, origin: string | null): Record<string, string> {
  const url = page && readPageUrl(page.url)
  if (!page || !url || origin === null || new URL(url).origin !== origin) return {}
  return { page_url: url, page_title: page.title.replace(/\s+/g, ' ').trim() }
}

/**
 * The engagement routes, mounted at `/api`: `POST /visits` begins a visit and counts its open,
 * `POST /events` stores what the visit did (core/engagement.ts says what each answers). Crawlers,
 * link scanners and headless browsers are answered as if all went well, with nothing stored, so they
 * have no reason to retry; so is a sales rep's browser (one that has signed in here: it carries the
 * reps' session cookie), whose look at a prospect's page or its preview is not the prospect's visit.
 */
export function eventRoutes(deps: EventRouteDeps): Hono {
  const { settings } = deps
  const record = createEventRecorder(deps.db, settings)
  const notCounted = (userAgent: string | undefined, cookie: string | undefined) =>
    isAutomatedUserAgent(userAgent) || cookie !== undefined

  return new Hono()
    .post(VISITS_PATH.slice('/api'.length), limitBody(MAX_VISIT_BODY_BYTES), async (c) => {
      if (notCounted(c.req.header('User-Agent'), getCookie(c, REP_SESSION_COOKIE))) {
        return c.json({ visit: null } satisfies VisitResponse, 200)
      }
      const body = VisitBody.safeParse(parseJson(await c.req.text()))
      if (!body.success) throw new AppError('events_invalid')
      const { slug, surface, channel, page } = body.data
      const address = deps.clientIp(c)
      const addressKey = address === null ? null : await settings.hash('ip', address)
      const who = addressKey ?? 'unknown'
      // Each visit is a token: an address begins a bounded number an hour, whatever it asks for.
      const begun = await checkRateLimits(deps.db, [
        { key: `visits:ip:${who}`, limit: settings.visitsPerAddressHour, windowSeconds: HOUR_S },
      ])
      if (!begun.allowed) throw toRateLimitError(begun, MESSAGES)
      const visit = createVisitId()
      const token = await settings.visitTokens.issue(slug, visit, settings.now())
      // One address opens one prospect's page once an hour: a reload in a new tab is the same person.
      const opens = await checkRateLimits(deps.db, [
        { key: `visits:open:${who}:${slug}`, limit: 1, windowSeconds: OPEN_PER_ADDRESS_MINUTES * 60 },
      ])
      if (opens.allowed) {
        const origin = readPageOrigin(c.req.header('Origin'))
        const result = await record({
          addressKey,
          visit,
          events: [
            {
              slug,
              name: 'page_opened',
              detail: {
                surface,
                ...(origin ? { origin } : {}),
                ...(channel ? { channel } : {}),
                ...pageDetail(page, origin),
              },
            },
          ],
        })
        // The page's open is an event like the others the page sends.
        deps.metrics?.eventsAccepted.inc(result.accepted)
        if (result.blocked.length > 0) throw toRateLimitError(result, MESSAGES)
        if (result.nudged) deps.onNudgeQueued?.()
      }
      return c.json({ visit: { id: visit, token } } satisfies VisitResponse, 201)
    })
    .post(EVENTS_PATH.slice('/api'.length), limitBody(MAX_EVENT_BODY_BYTES), async (c) => {
      const dropped = (reason: EventDropReason, count: number) => {
        if (count > 0) deps.metrics?.eventsDropped.inc({ reason }, count)
      }
      // A crawler's or a rep's batch is not read at all: counted as one, whatever it holds.
      if (notCounted(c.req.header('User-Agent'), getCookie(c, REP_SESSION_COOKIE))) {
        dropped('automated', 1)
        return c.json({ accepted: 0 } satisfies EventBatchResponse, 202)
      }
      let batch: ReturnType<typeof parseEventBatch>
      try {
        batch = parseEventBatch(await c.req.text())
      } catch (error) {
        dropped('invalid', 1)
        throw error
      }
      const events = await admitEvents(batch, settings, settings.now())
      dropped('not_admitted', batch.events.length - events.length)
      if (events.length === 0) return c.json({ accepted: 0 } satisfies EventBatchResponse, 202)
      const address = deps.clientIp(c)
      const result = await record({
        addressKey: address === null ? null : await settings.hash('ip', address),
        visit: batch.visit,
        events,
      })
      deps.metrics?.eventsAccepted.inc(result.accepted)
      dropped(result.blocked.length > 0 ? 'rate_limited' : 'not_admitted', events.length - result.accepted)
      if (result.blocked.length > 0) throw toRateLimitError(result, MESSAGES)
      if (result.nudged) deps.onNudgeQueued?.()
      return c.json({ accepted: result.accepted } satisfies EventBatchResponse, 202)
    })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError('events_invalid')
  }
}

/**
 * The page's origin as its browser sent it (`Origin`): `http(s)://host[:port]`, nothing after; null
 * for anything else (none, `null` from a sandboxed frame, another scheme). A browser cannot lie
 * about it; any other client can, which is why the reps read it as what the page reported.
 */
export function readPageOrigin(header: string | undefined): string | null {
  if (!header || header.length > MAX_ORIGIN_LENGTH || !URL.canParse(header)) return null
  const url = new URL(header)
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === header ? header : null
}
