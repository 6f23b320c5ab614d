import type { Context } from 'hono'
import { AppError } from '#core/errors.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import { describeWait } from '../common/rate-limit-error.ts'
import { callFunction } from '../data/database.ts'
import { passwordResetWords } from '../mail/mail-words.ts'
import { beginSignIn, createOneTimeLink, endSignIn, isRepEmail } from './rep-accounts.ts'
import {
  PASSWORD_RESET_LINK_SECONDS,
  type RepApiDeps,
  SESSION_MAX_SECONDS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_WINDOW_SECONDS,
} from './rep-settings.ts'

/** The address key of every request whose client address is unknown, as sign-in counts them. */
const UNKNOWN_ADDRESS = 'unknown'

/**
 * "Forgot your password?": emails the enabled rep with this address a one-time link to the
 * set-password page, which works once, for an hour, and leaves their password and sessions alone until
 * it is used (so asking in someone else's name locks nobody out). The answer is the same whether or not
 * the address is a rep's, and the requests are limited like sign-ins (the same counts per email and
 * per client address in the same window, kept apart from the sign-ins' so neither uses up the other):
 * over either, 429 `sign_in_limited`. The link's origin is the site's (SITE_URL, else where the server
 * listens), never the request's Host, which whoever sends the request chooses.
 */
export function createPasswordReset(deps: RepApiDeps) {
  const now = deps.settings.now ?? (() => new Date())
  const keyedHash = createKeyedHash(deps.settings.hashSecret)
  return async (c: Context, rawEmail: string): Promise<void> => {
    const mail = deps.settings.mail
    if (!mail) return
    const email = rawEmail.trim().toLowerCase()
    const at = now()
    const gate = await beginSignIn(deps.db, {
      email_key: await keyedHash('email', `password-reset:${email}`),
      address_key: await keyedHash('ip', `password-reset:${deps.clientIp(c) ?? UNKNOWN_ADDRESS}`),
      at: at.toISOString(),
      window_seconds: SIGN_IN_WINDOW_SECONDS,
      email_limit: SIGN_IN_FAILURES_PER_EMAIL,
      address_limit: SIGN_IN_FAILURES_PER_ADDRESS,
    })
    if (!gate.allowed || gate.attempt_id === null) {
      throw new AppError('sign_in_limited', {
        retryAfterSeconds: gate.retry_after_seconds,
        message: `Too many requests for a link. Please try again ${describeWait(gate.retry_after_seconds)}.`,
      })
    }
    // Every request counts towards the limits, as a failed sign-in does (no session comes of it).
    await endSignIn(deps.db, {
      attempt_id: gate.attempt_id,
      rep_id: null,
      token_hash: null,
      at: at.toISOString(),
      expires_at: new Date(at.getTime() + SESSION_MAX_SECONDS * 1000).toISOString(),
    })
    const origin = mail.siteOrigin()
    if (!isRepEmail(email) || origin === null) return
    const { link, url } = createOneTimeLink(origin, at, { seconds: PASSWORD_RESET_LINK_SECONDS })
    const rep = await callFunction(deps.db, 'request_rep_password_link', {
      email,
      token_hash: link.tokenHash,
      at: at.toISOString(),
      expires_at: link.expiresAt.toISOString(),
    })
    if (rep === null) return
    await mail.queue(
      {
        kind: 'password_reset',
        repId: rep.id,
        to: rep.email,
        ...passwordResetWords({ productName: mail.productName, url, expiresAt: link.expiresAt }),
      },
      at,
    )
  }
}
