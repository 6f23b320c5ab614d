import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { type EventBatchResponse, MAX_EVENT_BODY_BYTES } from '#core/engagement.ts'
import { REP_SESSION_COOKIE } from '#core/rep-api.ts'
import type { ClientIpReader } from '../common/client-ip.ts'
import { limitBody } from '../common/limit-body.ts'
import { type ScopeMessages, toRateLimitError } from '../common/rate-limit-error.ts'
import type { Db } from '../data/database.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import { admitEvents } from './admit-events.ts'
import { isAutomatedUserAgent } from './automated-user-agent.ts'
import { parseEventBatch } from './event-batch.ts'
import type { EventSettings } from './event-settings.ts'
import { createEventRecorder } from './record-events.ts'

export interface EventRouteDeps {
  db: Db
  settings: EventSettings
  clientIp: ClientIpReader
  /** Where an unconfirmable booking is reported to the operator. */
  logger: Logger
  /** Called after a batch queued a nudge, so the server's drainer sends it at once. */
  onNudgeQueued?: (() => void) | undefined
}

/** What the page's reporter is told per full scope (it retries later by itself; nobody reads it). */
const MESSAGES: ScopeMessages = [
  ['events:prospect:', (wait) => `Too much activity reported for this page. Please try again ${wait}.`],
  ['events:ip:', (wait) => `Too many activity reports from your network. Please try again ${wait}.`],
]

/**
 * `POST /`: a batch of the browser's engagement events (core/engagement.ts), answered 202
 * `{ accepted }` once stored. Crawlers, link scanners and headless browsers are answered the same
 * way with `accepted: 0` and nothing stored, so they have no reason to retry; so is a sales rep's
 * browser (one that has signed in here: it carries the reps' session cookie), whose look at a
 * prospect's page or its preview on the reps' pages is not the prospect's visit. Of a batch, only what
 * a real visit could have produced is stored (admit-events.ts); a batch left with nothing touches
 * neither the database nor the limits.
 */
export function eventRoutes(deps: EventRouteDeps): Hono {
  const record = createEventRecorder(deps.db, deps.settings)
  return new Hono().post('/', limitBody(MAX_EVENT_BODY_BYTES), async (c) => {
    if (isAutomatedUserAgent(c.req.header('User-Agent')) || getCookie(c, REP_SESSION_COOKIE) !== undefined) {
      return c.json({ accepted: 0 } satisfies EventBatchResponse, 202)
    }
    const batch = parseEventBatch(await c.req.text())
    const events = await admitEvents(batch, { ...deps.settings, logger: deps.logger }, deps.settings.now())
    if (events.length === 0) return c.json({ accepted: 0 } satisfies EventBatchResponse, 202)
    const address = deps.clientIp(c)
    const result = await record({
      addressKey: address === null ? null : await deps.settings.hash('ip', address),
      visit: batch.visit,
      events,
    })
    if (result.blocked.length > 0) throw toRateLimitError(result, MESSAGES)
    if (result.nudged) deps.onNudgeQueued?.()
    return c.json({ accepted: result.accepted } satisfies EventBatchResponse, 202)
  })
}
