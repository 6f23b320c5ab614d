import { type OutboxDrainer, startOutboxDrainer } from '../common/outbox-drainer.ts'
import type { Db } from '../data/database.ts'
import { createRateLimitedLogger, type Logger } from '../logging/rate-limited-logger.ts'
import { createOutboxDrain } from './drain-outbox.ts'
import type { NudgeSettings } from './nudge-settings.ts'
import { releaseNudgeLeases } from './outbox.ts'

export interface NudgeDeliveryOptions {
  db: Db
  settings: NudgeSettings | undefined
  logger: Logger
  /**
   * This process is the database's only drainer (the embedded database's data-directory lock), so at
   * its start every lease is a dead process's.
   */
  exclusive: boolean
  pollMs?: number
}

/** The long-running server's delivery of nudges; null when nudges are off (no webhook URL). */
export function startNudgeDelivery(options: NudgeDeliveryOptions): OutboxDrainer | null {
  const { settings, db } = options
  const webhookUrl = settings?.webhookUrl ?? null
  if (!settings || webhookUrl === null) return null
  // A database or webhook failing on every poll must not write the same line every 10 s.
  const logger = createRateLimitedLogger(options.logger)
  return startOutboxDrainer({
    drain: createOutboxDrain(db, { ...settings, webhookUrl }, logger),
    logger,
    beforeFirst: options.exclusive ? () => releaseNudgeLeases(db) : undefined,
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
  })
}
