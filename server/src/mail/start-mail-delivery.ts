import { type OutboxDrainer, startOutboxDrainer } from '../common/outbox-drainer.ts'
import type { Db } from '../data/database.ts'
import { createRateLimitedLogger, type Logger } from '../logging/rate-limited-logger.ts'
import { createMailDrain } from './drain-mail.ts'
import { releaseMailLeases } from './mail-outbox.ts'
import type { MailQueue } from './mail-queue.ts'
import { type MailConfig, SMTP_TIMEOUT_MS } from './mail-settings.ts'
import { createSmtpTransport, type SmtpTransport } from './smtp-transport.ts'

export interface MailDeliveryOptions {
  db: Db
  config: MailConfig
  queue: MailQueue
  logger: Logger
  /** This process is the database's only drainer (the embedded database), so every lease at start is stale. */
  exclusive: boolean
  /** Told once the start's check of the SMTP server has ended: null when it took the password, else why not. */
  onChecked?: (problem: string | null) => void
  pollMs?: number
  transport?: SmtpTransport
}

export interface MailDelivery {
  /** The start's check of the SMTP server; it never holds up readiness. */
  checked: Promise<string | null>
  stop(): Promise<void>
}

/**
 * The Node server's mail delivery: it checks the SMTP server (connect and sign in, bounded in time)
 * in the background and, when that fails, turns mail off with the reason and sends nothing, so a wrong
 * password neither crashes the server nor fails every message queued meanwhile. Otherwise it drains
 * the outbox at start, when poked and at least every poll.
 */
export function startMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const transport = options.transport ?? createSmtpTransport(options.config)
  const logger = createRateLimitedLogger(options.logger)
  let drainer: OutboxDrainer | null = null
  let stopped = false
  const checked = withDeadline(transport.verify(), 3 * SMTP_TIMEOUT_MS).then((problem) => {
    options.queue.setOff(problem)
    options.onChecked?.(problem)
    if (problem === null && !stopped) {
      drainer = startOutboxDrainer({
        drain: createMailDrain(options.db, transport, logger),
        logger,
        beforeFirst: options.exclusive ? () => releaseMailLeases(options.db) : undefined,
        ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
      })
      options.queue.onQueued = drainer.poke
    }
    return problem
  })
  return {
    checked,
    async stop() {
      stopped = true
      await checked
      await drainer?.stop()
      transport.close()
    },
  }
}

const withDeadline = (check: Promise<string | null>, ms: number): Promise<string | null> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(`the SMTP server did not answer within ${ms / 1000} s`), ms)
    timer.unref?.()
    check.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        resolve(
          `the SMTP server could not be checked (${error instanceof Error ? error.message : String(error)})`,
        )
      },
    )
  })
