/**
 * The messages' words, in plain text: what a person reads in their inbox. No tracking pixel, no
 * rewritten link: each link is the product's own, written out in full so it can be read before it is
 * followed, and the message says who sent it and what to do if it was not expected.
 */

export interface MailWords {
  subject: string
  text: string
}

/** "29 Nov 2026, 14:05 UTC": a mail client shows no time zone of ours, so the time names its own. */
export function formatMailTime(at: Date): string {
  const date = at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
  return `${date}, ${time} UTC`
}

const signed = (productName: string) => `\n\n— ${productName}\n`

/** An admin added the person to the team: they choose their password with the link. */
export function invitationWords(options: {
  productName: string
  invitedBy: string
  url: string
  expiresAt: Date
}): MailWords {
  return {
    subject: `You are invited to ${options.productName}`,
    text:
      `Hello,\n\n${options.invitedBy} added you to the sales team on ${options.productName}.\n\n` +
      `Choose your password with this link. It works once, until ${formatMailTime(options.expiresAt)}:\n\n` +
      `${options.url}\n\n` +
      'If you did not expect this invitation, you can ignore this message: nothing happens until the link is used.' +
      signed(options.productName),
  }
}

/** An admin sent a new link: a resend for someone without a password yet, else a reset they made. */
export function newLinkWords(options: {
  productName: string
  sentBy: string
  url: string
  expiresAt: Date
  reset: boolean
}): MailWords {
  const why = options.reset
    ? `${options.sentBy} reset your password on ${options.productName}: your old password no longer works.`
    : `${options.sentBy} sent you a new link to join the sales team on ${options.productName}.`
  return {
    subject: `Your new ${options.productName} link`,
    text:
      `Hello,\n\n${why}\n\n` +
      `Choose your password with this link. It works once, until ${formatMailTime(options.expiresAt)}:\n\n` +
      `${options.url}` +
      signed(options.productName),
  }
}

/** "Forgot your password?": anyone may ask in a rep's name, so the message says what to do if it was not them. */
export function passwordResetWords(options: {
  productName: string
  url: string
  expiresAt: Date
}): MailWords {
  return {
    subject: `Reset your ${options.productName} password`,
    text:
      `Hello,\n\nSomeone asked to reset the password of your ${options.productName} account.\n\n` +
      `To choose a new password, use this link. It works once, until ${formatMailTime(options.expiresAt)}:\n\n` +
      `${options.url}\n\n` +
      'If you did not ask, ignore this message: your password stays as it is.' +
      signed(options.productName),
  }
}
