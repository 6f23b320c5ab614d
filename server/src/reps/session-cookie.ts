import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { REP_SESSION_COOKIE } from '#core/rep-api.ts'
import { SESSION_MAX_SECONDS } from './rep-settings.ts'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
/** What `createToken` makes; anything else in the cookie is not a session (and costs no query). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** `http://localhost…`, `http://127.0.0.1…`, `http://[::1]…`: a developer's machine, no TLS. */
export const isLoopbackHttp = (url: URL): boolean =>
  url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends
 * it), the whole site (the pages under `/_/` and the API under `/api/reps` share it), and Secure
 * except over plain http to a loopback host, where a browser would otherwise drop it. It lasts as
 * long as a session can; the server decides earlier ends.
 */
const cookieOptions = (c: Context) =>
  ({
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure: !isLoopbackHttp(new URL(c.req.url)),
  }) as const

/** The session token the request carries, or null (none, or not one this server makes). */
export function readSessionToken(c: Context): string | null {
  const token = getCookie(c, REP_SESSION_COOKIE)
  return token !== undefined && TOKEN_SHAPE.test(token) ? token : null
}

export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, REP_SESSION_COOKIE, token, { ...cookieOptions(c), maxAge: SESSION_MAX_SECONDS })
}

/** Tells the browser to forget the cookie, when it sent one. */
export function clearSessionCookie(c: Context): void {
  if (getCookie(c, REP_SESSION_COOKIE) !== undefined) deleteCookie(c, REP_SESSION_COOKIE, cookieOptions(c))
}
