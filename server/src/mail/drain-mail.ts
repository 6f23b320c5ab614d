import { nudgeMail } from '#core/nudge-words.ts'
import type { Db } from '../data/database.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import { type ClaimedMail, claimMail, finishMail } from './mail-outbox.ts'
import { SMTP_TIMEOUT_MS } from './mail-settings.ts'
import type { SmtpTransport } from './smtp-transport.ts'

export interface MailDrainResult {
  sent: number
  retried: number
  failed: number
  /** When a message may be due next; null: none waiting. */
  nextAt: Date | null
}

/**
 * Messages claimed together, sent one after another on one connection. The lease covers the batch at
 * its slowest (each message's three SMTP waits, plus a minute for the database), so no second drainer
 * sends a message the first is still sending.
 */
const BATCH_SIZE = 10
const LEASE_SECONDS = BATCH_SIZE * 3 * Math.ceil(SMTP_TIMEOUT_MS / 1000) + 60
const MAX_BATCHES = 5

/** A message's subject and text: a nudge's worded now from its facts, any other's as it was queued. */
export function mailWords(mail: ClaimedMail): { subject: string; text: string } {
  if (mail.facts !== null) return nudgeMail(mail.facts)
  return { subject: mail.subject ?? '', text: mail.text ?? '' }
}

/** One drain of the mail outbox: claims due messages under a lease, sends each, records the result. */
export function createMailDrain(
  db: Db,
  transport: SmtpTransport,
  logger: Logger,
  now: () => Date = () => new Date(),
): () => Promise<MailDrainResult> {
  return async () => {
    const counts = { sent: 0, retried: 0, failed: 0 }
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const claim = await claimMail(db, BATCH_SIZE, LEASE_SECONDS, now())
      if (claim.mails.length === 0) return { ...counts, nextAt: claim.nextAt }
      for (const mail of claim.mails) {
        const delivery = await transport.send({ messageId: mail.message_id, to: mail.to, ...mailWords(mail) })
        const outcome = delivery.ok ? 'sent' : delivery.permanent ? 'refused' : 'retry'
        const state = await finishMail(db, mail.id, outcome, delivery.ok ? null : delivery.error, now())
        if (state === 'sent') counts.sent += 1
        else if (state === 'retry') counts.retried += 1
        else if (state === 'failed') {
          counts.failed += 1
          logger.error(`[mail] a message could not be delivered: ${delivery.ok ? '' : delivery.error}`)
        }
      }
    }
    return { ...counts, nextAt: now() }
  }
}
