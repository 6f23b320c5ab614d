import { createHash, randomBytes } from 'node:crypto'
import type { SessionResponse } from '#core/rep-api.ts'

/** A new secret token: 32 random bytes, base64url (43 characters). */
export const createToken = (): string => randomBytes(32).toString('base64url')

/** What the database keeps of a token (sessions, password links): its SHA-256, hex. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/**
 * A session's CSRF token, derived from its session token, so nothing more is stored and a page gets
 * it back from `GET session`. Another prefix than `hashToken`'s input, so the stored hash is not it.
 */
export const deriveCsrfToken = (sessionToken: string): string =>
  createHash('sha256').update(`rep-csrf:${sessionToken}`).digest('base64url')

/** What signing in (or setting a password) answers: the rep and the session's CSRF token. */
export const toSessionResponse = (rep: SessionResponse['rep'], sessionToken: string): SessionResponse => ({
  rep,
  csrfToken: deriveCsrfToken(sessionToken),
})
