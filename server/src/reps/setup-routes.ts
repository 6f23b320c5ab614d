import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import { PASSWORD_MAX_LENGTH } from '#core/rep-password.ts'
import { limitBody } from '../common/limit-body.ts'
import { readJsonBody } from '../common/read-json-body.ts'
import { createFirstAdmin, readSetupState } from './first-admin.ts'
import { createPasswordHasher, isAllowedPassword } from './passwords.ts'
import { isRepEmail } from './rep-accounts.ts'
import { type RepApiDeps, SESSION_MAX_SECONDS } from './rep-settings.ts'
import { setSessionCookie } from './session-cookie.ts'
import { createToken, hashToken, toSessionResponse } from './tokens.ts'

const MAX_BODY_BYTES = 8 * 1024
const SetupBody = z.object({
  token: z.string().max(100),
  email: z.string().max(1000),
  password: z.string().max(PASSWORD_MAX_LENGTH * 4),
})

const REFUSALS = {
  admin_exists: 'setup_done',
  link_expired: 'setup_link_expired',
  email_taken: 'rep_exists',
} as const

/**
 * `POST setup` (core/rep-api.ts): a setup link's token, an email and a password make the first admin,
 * who is signed in as by `POST password`. Needs no session, as nobody can have one yet.
 */
export function setupRoutes(deps: RepApiDeps): Hono {
  const now = deps.settings.now ?? (() => new Date())
  const passwords = deps.settings.passwords ?? createPasswordHasher()
  return new Hono().post('/setup', limitBody(MAX_BODY_BYTES), async (c) => {
    const body = readJsonBody(await c.req.text(), SetupBody)
    const email = body.email.trim().toLowerCase()
    if (!isRepEmail(email)) throw new AppError('email_invalid')
    if (!isAllowedPassword(body.password)) throw new AppError('password_invalid')
    const at = now()
    const tokenHash = hashToken(body.token)
    const state = await readSetupState(deps.db, tokenHash, at)
    if (state !== 'open') throw new AppError(REFUSALS[state])
    const sessionToken = createToken()
    const answer = await createFirstAdmin(deps.db, {
      token_hash: tokenHash,
      email,
      password_hash: await passwords.hash(body.password),
      session_token_hash: hashToken(sessionToken),
      at: at.toISOString(),
      session_expires_at: new Date(at.getTime() + SESSION_MAX_SECONDS * 1000).toISOString(),
    })
    if (answer.status !== 'created') throw new AppError(REFUSALS[answer.status])
    setSessionCookie(c, sessionToken, deps.settings)
    return c.json(toSessionResponse(answer.rep, sessionToken))
  })
}
