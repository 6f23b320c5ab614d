import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A message the test server accepted, as a mail client reads it, and the envelope it came with. */
export interface ReceivedMail {
  parsed: ParsedMail
  raw: string
  envelopeTo: string[]
}

export interface SmtpTestServer {
  /** `smtp://user:password@127.0.0.1:port`: the URL the server takes. */
  url: string
  /** The same server with another password, which it refuses (535). */
  urlWithPassword(password: string): string
  port: number
  received: ReceivedMail[]
  /** Resolves once `count` messages have arrived in all (no sleeping: each arrival checks). */
  waitForCount(count: number): Promise<ReceivedMail[]>
  /** The next `count` messages are refused with a temporary 451, as a server busy or greylisting does. */
  refuseNext(count: number): void
  /** This recipient is refused for good (550), as a server rejects an address that does not exist. */
  rejectRecipient(address: string): void
  /** How many DATA commands the server refused so far (each a delivery attempt that sent nothing). */
  refusals(): number
  close(): Promise<void>
}

export const SMTP_TEST_USER = 'mailer'
export const SMTP_TEST_PASSWORD = 'mail-secret-1234'

/**
 * A real SMTP server on a free loopback port (smtp-server, the library, not a mock of the mail client):
 * plain SMTP with AUTH PLAIN/LOGIN and no TLS, as a test needs, checking the user and password; what
 * it accepts is parsed with mailparser.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = []
  const waiters: { count: number; resolve: (mails: ReceivedMail[]) => void }[] = []
  const rejected = new Set<string>()
  let refuseCount = 0
  let refused = 0
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(received.slice())
      }
    }
  }
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_TEST_USER && auth.password === SMTP_TEST_PASSWORD) {
        callback(null, { user: auth.username })
        return
      }
      const error = new Error('Authentication credentials invalid') as Error & { responseCode: number }
      error.responseCode = 535
      callback(error)
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        const error = new Error(
          `5.1.1 <${address.address}>: Recipient address rejected: User unknown`,
        ) as Error & {
          responseCode: number
        }
        error.responseCode = 550
        callback(error)
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (refuseCount > 0) {
          refuseCount -= 1
          refused += 1
          const error = new Error('4.3.2 Try again later') as Error & { responseCode: number }
          error.responseCode = 451
          callback(error)
          return
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        simpleParser(raw).then(
          (parsed) => {
            received.push({ parsed, raw, envelopeTo: session.envelope.rcptTo.map((to) => to.address) })
            callback()
            settle()
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  const urlWithPassword = (password: string) =>
    `smtp://${SMTP_TEST_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`
  return {
    url: urlWithPassword(SMTP_TEST_PASSWORD),
    urlWithPassword,
    port,
    received,
    waitForCount: (count) =>
      new Promise((resolve) => {
        waiters.push({ count, resolve })
        settle()
      }),
    refuseNext(count) {
      refuseCount = count
    },
    rejectRecipient(address) {
      rejected.add(address.toLowerCase())
    },
    refusals: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
