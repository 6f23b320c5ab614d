import { VISIT_TOKEN_HOURS, VISIT_TOKEN_PATTERN } from '#core/engagement.ts'
import type { KeyedHash } from './keyed-hash.ts'
import { isSameSecret } from './same-secret.ts'

/**
 * The visit tokens a prospect answer carries (and with it the prospect page), and events must show for
 * their prospect: the server's signature over the slug and the minute it was issued. A token proves
 * that whoever sends it loaded that prospect's page or answer within the last working day, which a
 * client that never did cannot forge; it says nothing of who they are. Issued to the minute, so every
 * answer the shared caches keep for a few seconds carries the same one.
 */
export interface VisitTokens {
  issue(slug: string, at: Date): Promise<string>
  /** When `token` was issued for `slug`; null when it is not the server's, or expired, or from the future. */
  verify(slug: string, token: string, at: Date): Promise<Date | null>
}

/** A clock a little ahead of ours (another instance's) still issues tokens we take. */
const FUTURE_SKEW_SECONDS = 120
const SIGNATURE_LENGTH = 32

export function createVisitTokens(hash: KeyedHash): VisitTokens {
  const sign = async (slug: string, issued: number) =>
    (await hash('visit', `${slug}:${issued}`)).slice(0, SIGNATURE_LENGTH)
  return {
    async issue(slug, at) {
      const issued = Math.floor(at.getTime() / 60_000) * 60
      return `${issued.toString(36)}.${await sign(slug, issued)}`
    },
    async verify(slug, token, at) {
      if (!VISIT_TOKEN_PATTERN.test(token)) return null
      const [stamp = '', signature] = token.split('.')
      const issued = Number.parseInt(stamp, 36)
      const age = at.getTime() / 1000 - issued
      if (!Number.isSafeInteger(issued) || age < -FUTURE_SKEW_SECONDS || age > VISIT_TOKEN_HOURS * 3600) {
        return null
      }
      return isSameSecret(signature, await sign(slug, issued)) ? new Date(issued * 1000) : null
    },
  }
}
