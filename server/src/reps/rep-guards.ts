import type { MiddlewareHandler } from 'hono'
import { AppError } from '#core/errors.ts'
import { CSRF_HEADER, type Rep } from '#core/rep-api.ts'
import { isSameSecret } from '../common/same-secret.ts'
import { touchSession } from './rep-accounts.ts'
import { type RepApiDeps, SESSION_IDLE_SECONDS } from './rep-settings.ts'
import { clearSessionCookie, isLoopbackHttp, readSessionToken } from './session-cookie.ts'
import { deriveCsrfToken, hashToken } from './tokens.ts'

/** What the guards leave for the routes: the signed-in rep and their session's token. */
export type RepEnv = { Variables: { rep: Rep; sessionToken: string } }

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const isSafe = (method: string) => SAFE_METHODS.has(method)

/** Every answer of the reps' API is someone's own data: never kept by a browser or a proxy. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
}

/**
 * Refuses a change sent from another site's page: when a browser names the page's origin, it must be
 * this server's own, `SITE_URL`'s (the static host that proxies `/api/reps`), or, while developing
 * over plain http on a loopback host, another loopback origin (the site's dev server). Requests
 * without `Origin` (not from a browser, or same-origin GETs) pass; the CSRF token still guards them.
 */
export function refuseForeignOrigins(siteUrl: string | null): MiddlewareHandler {
  const siteOrigin = siteUrl === null ? null : new URL(siteUrl).origin
  return async (c, next) => {
    const origin = c.req.header('Origin')
    if (!isSafe(c.req.method) && origin !== undefined) {
      const url = new URL(c.req.url)
      const allowed =
        origin === url.origin ||
        origin === siteOrigin ||
        (isLoopbackHttp(url) && URL.canParse(origin) && isLoopbackHttp(new URL(origin)))
      if (!allowed) throw new AppError('csrf_failed')
    }
    await next()
  }
}

/**
 * A live session or 401 `signed_out` (a dead cookie is cleared with it). Sessions end when signed
 * out, after SESSION_IDLE_SECONDS unused or SESSION_MAX_SECONDS in all, or when their rep is disabled
 * or gets a new password link; the database checks all of that in one call.
 */
export function requireRep(deps: RepApiDeps): MiddlewareHandler<RepEnv> {
  const now = deps.settings.now ?? (() => new Date())
  return async (c, next) => {
    const token = readSessionToken(c)
    const rep = token && (await touchSession(deps.db, hashToken(token), now(), SESSION_IDLE_SECONDS))
    if (!token || !rep) {
      clearSessionCookie(c, deps.settings)
      throw new AppError('signed_out')
    }
    c.set('rep', rep)
    c.set('sessionToken', token)
    await next()
  }
}

/** A change must carry this session's CSRF token in X-CSRF-Token, else 403 `csrf_failed`. */
export const requireCsrfToken: MiddlewareHandler<RepEnv> = async (c, next) => {
  if (!isSafe(c.req.method)) {
    const given = c.req.header(CSRF_HEADER) ?? ''
    if (!isSameSecret(given, deriveCsrfToken(c.get('sessionToken')))) throw new AppError('csrf_failed')
  }
  await next()
}
