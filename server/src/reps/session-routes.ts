import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import type { PasswordResetResponse } from '#core/rep-api.ts'
import { PASSWORD_MAX_LENGTH } from '#core/rep-password.ts'
import { limitBody } from '../common/limit-body.ts'
import { readJsonBody } from '../common/read-json-body.ts'
import { createPasswordReset } from './password-reset.ts'
import { createPasswordHasher, isAllowedPassword } from './passwords.ts'
import { endSession, setPasswordByLink } from './rep-accounts.ts'
import type { RepEnv } from './rep-guards.ts'
import { type RepApiDeps, SESSION_MAX_SECONDS } from './rep-settings.ts'
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie.ts'
import { createSignIn } from './sign-in.ts'
import { createToken, hashToken, toSessionResponse } from './tokens.ts'

/** Credentials are small; anything bigger is not a sign-in. */
const MAX_BODY_BYTES = 8 * 1024

const SignInBody = z.object({ email: z.string().max(254), password: z.string().max(PASSWORD_MAX_LENGTH) })
const PasswordBody = z.object({ token: z.string().max(100), password: z.string() })
const ResetBody = z.object({ email: z.string().max(254) })

/**
 * `POST session` (sign in) and `POST password` (a one-time link's token and a new password): the
 * routes that need no session; both answer the rep and the CSRF token, and set the session cookie.
 * And `password-reset` ("Forgot your password?", password-reset.ts), which answers the same whatever
 * the address.
 */
export function openSessionRoutes(deps: RepApiDeps): Hono {
  const now = deps.settings.now ?? (() => new Date())
  const passwords = deps.settings.passwords ?? createPasswordHasher()
  const signIn = createSignIn(deps)
  const reset = createPasswordReset(deps)
  const mailOn = () => deps.settings.mail?.isOn() === true
  return new Hono()
    .get('/password-reset', (c) => c.json({ mail: mailOn() } satisfies PasswordResetResponse))
    .post('/password-reset', limitBody(MAX_BODY_BYTES), async (c) => {
      const body = readJsonBody(await c.req.text(), ResetBody)
      if (!mailOn()) return c.json({ mail: false } satisfies PasswordResetResponse, 202)
      await reset(c, body.email)
      return c.json({ mail: true } satisfies PasswordResetResponse, 202)
    })
    .post('/session', limitBody(MAX_BODY_BYTES), async (c) => {
      const body = readJsonBody(await c.req.text(), SignInBody)
      const { rep, sessionToken } = await signIn(c, body.email, body.password)
      // A browser that was signed in as someone else ends that session rather than orphaning it.
      const previous = readSessionToken(c)
      if (previous) await endSession(deps.db, hashToken(previous), now())
      setSessionCookie(c, sessionToken, deps.settings)
      return c.json(toSessionResponse(rep, sessionToken))
    })
    .post('/password', limitBody(MAX_BODY_BYTES), async (c) => {
      const body = readJsonBody(await c.req.text(), PasswordBody)
      if (!isAllowedPassword(body.password)) throw new AppError('password_invalid')
      const at = now()
      const sessionToken = createToken()
      const rep = await setPasswordByLink(deps.db, {
        token_hash: hashToken(body.token),
        password_hash: await passwords.hash(body.password),
        session_token_hash: hashToken(sessionToken),
        at: at.toISOString(),
        session_expires_at: new Date(at.getTime() + SESSION_MAX_SECONDS * 1000).toISOString(),
      })
      if (!rep) throw new AppError('link_expired')
      setSessionCookie(c, sessionToken, deps.settings)
      return c.json(toSessionResponse(rep, sessionToken))
    })
}

/** `GET session` (who is signed in, and the CSRF token again) and `DELETE session` (sign out). */
export function signedInSessionRoutes(deps: RepApiDeps): Hono<RepEnv> {
  const now = deps.settings.now ?? (() => new Date())
  return new Hono<RepEnv>()
    .get('/session', (c) => c.json(toSessionResponse(c.get('rep'), c.get('sessionToken'))))
    .delete('/session', async (c) => {
      await endSession(deps.db, hashToken(c.get('sessionToken')), now())
      clearSessionCookie(c, deps.settings)
      return c.body(null, 204)
    })
}
