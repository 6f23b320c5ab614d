import type { MiddlewareHandler } from 'hono'
import { AppError } from '#core/errors.ts'
import { CSRF_HEADER, type Rep } from '#core/rep-api.ts'
import { cameOverHttps } from '../common/came-over-https.ts'
import { isSameSecret } from '../common/same-secret.ts'
import { touchSession } from './rep-accounts.ts'
import { type RepApiDeps, type RepSettings, SESSION_IDLE_SECONDS } from './rep-settings.ts'
import { clearSessionCookie, isLoopbackHost, isLoopbackHttp, readSessionToken } from './session-cookie.ts'
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
 * `SITE_URL`'s (the static host that proxies `/api/reps`) or this server's own, as the browser saw
 * it. Requests without `Origin` (not from a browser, or same-origin GETs) pass; the CSRF token still
 * guards them.
 *
 * While developing (plain http to a loopback host, no proxy) another loopback origin passes too: the
 * site's dev server on its own port. Behind a trusted proxy no loopback origin passes, not even one
 * equal to the address the proxy reaches us on: every request then comes from the public through the
 * proxy, so a page on a visitor's own `localhost` (any local program can serve one) is another site.
 */
export function refuseForeignOrigins(
  settings: Pick<RepSettings, 'siteUrl' | 'trustedProxy'>,
): MiddlewareHandler {
  const siteOrigin = settings.siteUrl === null ? null : new URL(settings.siteUrl).origin
  return async (c, next) => {
    const origin = c.req.header('Origin')
    if (!isSafe(c.req.method) && origin !== undefined) {
      const url = new URL(c.req.url)
      const allowed = settings.trustedProxy
        ? origin === siteOrigin || origin === proxiedOrigin(c.req.url, c.req.header('X-Forwarded-Proto'))
        : origin === url.origin ||
          origin === siteOrigin ||
          (isLoopbackHttp(url) && URL.canParse(origin) && isLoopbackHttp(new URL(origin)))
      if (!allowed) throw new AppError('csrf_failed')
    }
    await next()
  }
}

/**
 * The origin a browser used to reach us through a trusted proxy: the Host it passed on, with the
 * scheme it says the browser came over; null when that Host is a loopback one (the proxy's own way
 * in, never a page a visitor was on).
 */
function proxiedOrigin(requestUrl: string, forwardedProto: string | undefined): string | null {
  const url = new URL(requestUrl)
  if (isLoopbackHost(url)) return null
  // Through URL, so a default port the proxy named (`Host: example.com:443`) drops out as a browser's would.
  return new URL(`${cameOverHttps(requestUrl, forwardedProto, true) ? 'https' : 'http'}://${url.host}`).origin
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
