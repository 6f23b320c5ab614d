import nodemailer from 'nodemailer'
import { type MailConfig, SMTP_TIMEOUT_MS } from './mail-settings.ts'

/** One message as it leaves: plain text only, so no tracking pixel and no rewritten links can ride in it. */
export interface OutgoingMail {
  messageId: string
  to: string
  subject: string
  text: string
}

export type MailDelivery =
  | { ok: true }
  /**
   * `permanent`: the SMTP server refused this message for good (a 5xx reply about it, such as a
   * recipient it rejects): trying again would not help. `error`: the server's own words, for the screen.
   */
  | { ok: false; permanent: boolean; error: string }

export interface SmtpTransport {
  send(mail: OutgoingMail): Promise<MailDelivery>
  /** Connects and signs in: null when the server took the user and password, else why not. */
  verify(): Promise<string | null>
  close(): void
}

const MAX_ERROR_CHARACTERS = 300

interface SmtpError {
  code?: string
  responseCode?: number
  response?: string
  message?: string
}

/** nodemailer's SMTP transport, with every wait bounded and the reply turned into a result. */
export function createSmtpTransport(config: MailConfig): SmtpTransport {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0])
  const from = { name: config.productName, address: config.fromAddress }
  const domain = config.fromAddress.slice(config.fromAddress.lastIndexOf('@') + 1)
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          // The same Message-ID on every attempt: a retry after an unknown outcome is recognisably one message.
          // A nudge's mail is queued by the database, which knows no sender: its id names the row, on our domain.
          messageId: mail.messageId.replace(/@nudge>$/, `@${domain}>`),
          // The text is ours, but nothing in a message may make the server read a file or fetch a URL.
          disableFileAccess: true,
          disableUrlAccess: true,
        })
        return { ok: true }
      } catch (error) {
        return toFailure(error as SmtpError)
      }
    },
    async verify() {
      try {
        await transport.verify()
        return null
      } catch (error) {
        return describeVerifyFailure(error as SmtpError)
      }
    },
    close: () => transport.close(),
  }
}

const said = (error: SmtpError) =>
  (error.response ?? error.message ?? 'no reply').replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_CHARACTERS)

/**
 * A 5xx about the message (its sender, recipient or content) is permanent. A 5xx to the sign-in is the
 * operator's to fix (a wrong password), not the message's fault: it waits and is tried again.
 */
function toFailure(error: SmtpError): MailDelivery {
  const code = error.responseCode
  const permanent = code !== undefined && code >= 500 && code < 600 && error.code !== 'EAUTH'
  if (code !== undefined) return { ok: false, permanent, error: said(error) }
  return {
    ok: false,
    permanent: false,
    error: `the SMTP server could not be reached (${error.code ?? said(error)})`,
  }
}

function describeVerifyFailure(error: SmtpError): string {
  if (error.code === 'EAUTH') return `the SMTP server refused the user or password (${said(error)})`
  if (error.responseCode !== undefined) return `the SMTP server refused us (${said(error)})`
  return unreachable(error)
}

/** nodemailer's message names the cause (`connect ECONNREFUSED 127.0.0.1:587`, a timeout, a TLS error). */
const unreachable = (error: SmtpError) => `the SMTP server could not be reached (${said(error)})`
