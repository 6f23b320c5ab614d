import type { Context } from 'hono'
import { AppError } from '#core/errors.ts'
import type { Rep } from '#core/rep-api.ts'
import { createKeyedHash, type KeyedHash } from '../common/keyed-hash.ts'
import { describeWait } from '../common/rate-limit-error.ts'
import { createPasswordHasher, type PasswordHasher } from './passwords.ts'
import { beginSignIn, endSignIn, findRepAccount } from './rep-accounts.ts'
import {
  type RepApiDeps,
  SESSION_MAX_SECONDS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_WINDOW_SECONDS,
} from './rep-settings.ts'
import { createToken, hashToken } from './tokens.ts'

export interface SignedIn {
  rep: Rep
  /** The new session's token, for the cookie only. */
  sessionToken: string
}

export type SignIn = (c: Context, email: string, password: string) => Promise<SignedIn>

/** The address key of every sign-in whose client address is unknown; no real address reads so. */
const UNKNOWN_ADDRESS = 'unknown'

/**
 * Signs a rep in with email and password, within the limits per email and per client address
 * (failures in the last SIGN_IN_WINDOW_SECONDS, counted in Postgres; the sign-ins whose address is
 * unknown count as one address): over either, 429 with Retry-After and nothing checked. An unknown
 * email, a rep without a password yet and a wrong password are the same 401 `sign_in_failed`, and
 * each costs one scrypt, so neither the answer nor its time tells whether the email is a rep's. A
 * disabled rep learns so only with the right password.
 */
export function createSignIn(deps: RepApiDeps): SignIn {
  const now = deps.settings.now ?? (() => new Date())
  const passwords: PasswordHasher = deps.settings.passwords ?? createPasswordHasher()
  const keyedHash: KeyedHash = createKeyedHash(deps.settings.hashSecret)
  return async (c, rawEmail, password) => {
    const email = rawEmail.trim().toLowerCase()
    // Hiding the address (or a proxy that forgot to send it) must not escape the limit.
    const address = deps.clientIp(c) ?? UNKNOWN_ADDRESS
    const at = now()
    const gate = await beginSignIn(deps.db, {
      email_key: await keyedHash('email', email),
      address_key: await keyedHash('ip', address),
      at: at.toISOString(),
      window_seconds: SIGN_IN_WINDOW_SECONDS,
      email_limit: SIGN_IN_FAILURES_PER_EMAIL,
      address_limit: SIGN_IN_FAILURES_PER_ADDRESS,
    })
    if (!gate.allowed || gate.attempt_id === null) {
      throw new AppError('sign_in_limited', {
        retryAfterSeconds: gate.retry_after_seconds,
        message: `Too many sign-in attempts. Please try again ${describeWait(gate.retry_after_seconds)}.`,
      })
    }
    const account = await findRepAccount(deps.db, email)
    const matches = account?.password_hash
      ? await passwords.verify(password, account.password_hash)
      : await passwords.verifyNothing(password)
    const enabled = matches && account !== null && account.disabled_at === null
    const sessionToken = createToken()
    const rep = await endSignIn(deps.db, {
      attempt_id: gate.attempt_id,
      rep_id: enabled ? account.id : null,
      token_hash: enabled ? hashToken(sessionToken) : null,
      at: at.toISOString(),
      expires_at: new Date(at.getTime() + SESSION_MAX_SECONDS * 1000).toISOString(),
    })
    if (rep) return { rep, sessionToken }
    throw new AppError(matches && account?.disabled_at ? 'rep_disabled' : 'sign_in_failed')
  }
}
