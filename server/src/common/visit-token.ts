import { VISIT_TOKEN_HOURS, VISIT_TOKEN_PATTERN } from '#core/engagement.ts'
import type { KeyedHash } from './keyed-hash.ts'
import { isSameSecret } from './same-secret.ts'

/**
 * Visit tokens: the server's signature over a prospect, a visit id the server chose and the minute
 * it was issued. The visits route issues one per visit it counts (events/visit-routes.ts), and a
 * page's events count only with the token of their prospect and visit. A token proves that whoever
 * sends it began that visit within the last working day, which a client that never did cannot
 * forge; it says nothing of who they are.
 */
export interface VisitTokens {
  issue(slug: string, visit: string, at: Date): Promise<string>
  /** When `token` was issued for `slug` and `visit`; null when it is not the server's, or expired, or from the future. */
  verify(slug: string, visit: string, token: string, at: Date): Promise<Date | null>
}

/** A clock a little ahead of ours (another instance's) still issues tokens we take. */
const FUTURE_SKEW_SECONDS = 120
const SIGNATURE_LENGTH = 32

export function createVisitTokens(hash: KeyedHash): VisitTokens {
  const sign = async (slug: string, visit: string, issued: number) =>
    (await hash('visit', `${slug}:${visit}:${issued}`)).slice(0, SIGNATURE_LENGTH)
  return {
    async issue(slug, visit, at) {
      const issued = Math.floor(at.getTime() / 1000)
      return `${issued.toString(36)}.${await sign(slug, visit, issued)}`
    },
    async verify(slug, visit, token, at) {
      if (!VISIT_TOKEN_PATTERN.test(token)) return null
      const [stamp = '', signature] = token.split('.')
      const issued = Number.parseInt(stamp, 36)
      const age = at.getTime() / 1000 - issued
      if (!Number.isSafeInteger(issued) || age < -FUTURE_SKEW_SECONDS || age > VISIT_TOKEN_HOURS * 3600) {
        return null
      }
      return isSameSecret(signature, await sign(slug, visit, issued)) ? new Date(issued * 1000) : null
    },
  }
}

/** A visit id of the server's choosing: 128 random bits, base64url (22 characters). */
export function createVisitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}
