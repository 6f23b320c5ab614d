import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { REP_SESSION_COOKIE, TEAM_BROWSER_COOKIE } from '#core/rep-api.ts'
import { cameOverHttps } from '../common/came-over-https.ts'
import { type RepSettings, SESSION_MAX_SECONDS } from './rep-settings.ts'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
/** What `createToken` makes; anything else in the cookie is not a session (and costs no query). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** `localhost`, `127.0.0.1` or `[::1]`: this machine, whatever the scheme and port. */
export const isLoopbackHost = (url: URL): boolean => LOOPBACK_HOSTS.has(url.hostname)

/** `http://localhost…`, `http://127.0.0.1…`, `http://[::1]…`: a developer's machine, no TLS. */
export const isLoopbackHttp = (url: URL): boolean => url.protocol === 'http:' && isLoopbackHost(url)

/** What decides whether the cookie is Secure: where the site is published, and whom to trust. */
export type CookieSettings = Pick<RepSettings, 'siteUrl' | 'trustedProxy'>

/**
 * Secure when the site is published over https, when the browser came over https (by its own
 * request, or by a trusted proxy's `X-Forwarded-Proto`: a proxy that ends TLS often passes on a
 * loopback Host), and over plain http to any other host. Only plain http to a loopback host with no
 * https in sight (a developer's machine) goes without, where a browser could otherwise drop it.
 */
function isSecure(c: Context, settings: CookieSettings): boolean {
  if (settings.siteUrl !== null && new URL(settings.siteUrl).protocol === 'https:') return true
  if (cameOverHttps(c.req.url, c.req.header('X-Forwarded-Proto'), settings.trustedProxy)) return true
  return !isLoopbackHttp(new URL(c.req.url))
}

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends
 * it), the whole site (the pages under `/_/` and the API under `/api/reps` share it), and Secure except
 * on a developer's machine (above). It lasts as long as a session can; the server decides earlier ends.
 */
const cookieOptions = (c: Context, settings: CookieSettings) =>
  ({
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure: isSecure(c, settings),
  }) as const

/** The session token the request carries, or null (none, or not one this server makes). */
export function readSessionToken(c: Context): string | null {
  const token = getCookie(c, REP_SESSION_COOKIE)
  return token !== undefined && TOKEN_SHAPE.test(token) ? token : null
}

export function setSessionCookie(c: Context, token: string, settings: CookieSettings): void {
  setCookie(c, REP_SESSION_COOKIE, token, { ...cookieOptions(c, settings), maxAge: SESSION_MAX_SECONDS })
  setCookie(c, TEAM_BROWSER_COOKIE, '1', {
    ...cookieOptions(c, settings),
    httpOnly: false,
    maxAge: SESSION_MAX_SECONDS,
  })
}

/** Tells the browser to forget the cookie, when it sent one. */
export function clearSessionCookie(c: Context, settings: CookieSettings): void {
  if (getCookie(c, REP_SESSION_COOKIE) !== undefined) {
    deleteCookie(c, REP_SESSION_COOKIE, cookieOptions(c, settings))
    deleteCookie(c, TEAM_BROWSER_COOKIE, { ...cookieOptions(c, settings), httpOnly: false })
  }
}
