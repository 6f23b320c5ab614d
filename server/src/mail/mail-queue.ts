import type { Db } from '../data/database.ts'
import { enqueueMail, type MailToQueue } from './mail-outbox.ts'
import type { MailConfig } from './mail-settings.ts'

/** What the routes use to send mail: whether it is on, and a way to queue a message. */
export interface MailQueue {
  /** The product's name, for the messages' words. */
  readonly productName: string
  /**
   * On with SMTP_URL, until the start's check finds the SMTP server refusing the password or out of
   * reach: then off, and the screens go back to saying the link must be passed on by hand.
   */
  isOn(): boolean
  /** Why mail is off though SMTP_URL is set; null while it is on. */
  offReason(): string | null
  setOff(reason: string | null): void
  /** Queues one message (sent by the drainer, at once where one runs in this process); answers its id. */
  queue(mail: MailToQueue, at: Date): Promise<number>
  /**
   * The site's origin for links in messages nobody signed in asked for ("Forgot your password?"):
   * SITE_URL, else where the Node server listens; never a request's Host, which its sender chooses.
   */
  siteOrigin(): string | null
  /** Called after each message is queued: the drainer's poke. */
  onQueued: (() => void) | undefined
}

export function createMailQueue(db: Db, config: MailConfig, siteOrigin: () => string | null): MailQueue {
  let off: string | null = null
  const queue: MailQueue = {
    productName: config.productName,
    isOn: () => off === null,
    offReason: () => off,
    siteOrigin,
    setOff(reason) {
      off = reason
    },
    async queue(mail, at) {
      const id = await enqueueMail(db, mail, config.fromAddress, at)
      queue.onQueued?.()
      return id
    },
    onQueued: undefined,
  }
  return queue
}
