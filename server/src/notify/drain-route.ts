import { Hono } from 'hono'
import { AppError } from '#core/errors.ts'
import { isSameSecret, readBearerToken } from '../common/same-secret.ts'
import type { Db } from '../data/database.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import { createOutboxDrain, type DrainCounts, type DrainOutbox } from './drain-outbox.ts'
import type { NudgeSettings } from './nudge-settings.ts'

export const DRAIN_PATH = '/api/notifications/drain'

export interface DrainRouteDeps {
  db: Db
  nudges: NudgeSettings | undefined
  logger: Logger
}

/**
 * `POST /`: drains the outbox once, for a scheduler where no server process lives between requests
 * (the edge function). `Authorization: Bearer <NOTIFY_DRAIN_SECRET>`; without that secret configured
 * the route does not exist (404), so nothing about it can be probed. Answers `{ sent, retried, failed }`;
 * with nudges off (no webhook URL) there is nowhere to deliver, and all three are 0.
 */
export function drainRoutes(deps: DrainRouteDeps): Hono {
  const { nudges } = deps
  const webhookUrl = nudges?.webhookUrl ?? null
  const drain: DrainOutbox | null =
    nudges && webhookUrl !== null ? createOutboxDrain(deps.db, { ...nudges, webhookUrl }, deps.logger) : null
  return new Hono().post('/', async (c) => {
    const secret = nudges?.drainSecret ?? null
    if (secret === null) throw new AppError('not_found')
    if (!isSameSecret(readBearerToken(c.req.header('Authorization')), secret))
      throw new AppError('unauthorized')
    const { sent, retried, failed } = drain ? await drain() : { sent: 0, retried: 0, failed: 0 }
    return c.json({ sent, retried, failed } satisfies DrainCounts)
  })
}
