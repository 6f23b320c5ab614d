import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { Metrics } from '../metrics/metrics.ts'
import type { AppLogger } from './logger.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'

/** A request id from a proxy is kept when it is a plain token a line can hold as it is. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

export function readRequestId(header: string | undefined): string {
  return header !== undefined && SANE_REQUEST_ID.test(header) ? header : crypto.randomUUID()
}

/**
 * Gives each request an id (the proxy's `X-Request-Id` when sane, else a new one), answered in the
 * same header so a person reporting a failure can quote it; then writes one line per request and
 * counts it by route. The route is the pattern that answered (`/api/prospects/:slug`), never the
 * path: a path holds a prospect's slug, and the query string may hold a token. No header, body or
 * cookie is logged.
 */
export function observeRequests(options: { logger?: AppLogger | undefined; metrics?: Metrics | undefined }) {
  const { logger, metrics } = options
  const handler: MiddlewareHandler = async (c, next) => {
    const started = performance.now()
    const id = readRequestId(c.req.header(REQUEST_ID_HEADER))
    c.header(REQUEST_ID_HEADER, id)
    await next()
    // After the answer, in case a handler replaced the response with one of its own.
    if (c.res.headers.get(REQUEST_ID_HEADER) === null) c.header(REQUEST_ID_HEADER, id)
    const route = routePath(c) || 'unmatched'
    const status = c.res.status
    const seconds = (performance.now() - started) / 1000
    const labels = { method: c.req.method, route, status: String(status) }
    metrics?.httpRequests.inc(labels)
    metrics?.httpDuration.observe(labels, seconds)
    if (logger) {
      const length = c.res.headers.get('Content-Length')
      logger.info(
        {
          requestId: id,
          method: c.req.method,
          route,
          status,
          durationMs: Math.round(seconds * 1000 * 10) / 10,
          ...(length === null ? {} : { bytes: Number(length) }),
        },
        'request',
      )
    }
  }
  return handler
}
