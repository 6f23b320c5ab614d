/** Mail through SMTP (`SMTP_URL`, `MAIL_FROM`), as config.ts reads it. */
export interface MailConfig {
  /** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with user and password. */
  smtpUrl: string
  /** The sender's address; the display name is the product's name. */
  fromAddress: string
  /** The product's name (`PRODUCT_NAME`): the sender's display name and the messages' signature. */
  productName: string
}

/** How long one SMTP step (connect, greeting, each reply) may take before the attempt counts as failed. */
export const SMTP_TIMEOUT_MS = 10_000

/** The SMTP server's host and port as the operator reads them, never its user or password. */
export function describeSmtpServer(smtpUrl: string): string {
  const url = new URL(smtpUrl)
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587')
  return `${url.hostname}:${port}`
}

/** The rule config.ts checks: smtp:// or smtps://, a host, a user and a password. */
export function checkSmtpUrl(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'must be a URL such as smtps://user:password@smtp.example.com:465'
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return 'must start with smtp:// or smtps://'
  if (!url.hostname) return 'must name the SMTP server'
  if (!url.username || !url.password) {
    return 'must carry the user and password, e.g. smtps://user:password@smtp.example.com:465'
  }
  return null
}
