import { Hono } from 'hono'
import { AppError } from '#core/errors.ts'
import { isSameSecret, readBearerToken } from '../common/same-secret.ts'
import type { Metrics } from './metrics.ts'

/** Where Prometheus scrapes; reserved from prospects' slugs like `healthz`. */
export const METRICS_PATH = '/metrics'

/**
 * `GET /metrics`, Prometheus's text format. Off (404, as any unknown path) unless the operator set
 * `METRICS_TOKEN`; then only a scrape carrying it as a Bearer token is answered, 401 otherwise: the
 * counts tell an outsider how much the product is used and how it fails.
 */
export function metricsRoutes(metrics: Metrics | undefined, token: string | null): Hono {
  return new Hono().get(METRICS_PATH, async (c) => {
    if (!metrics || token === null) throw new AppError('not_found')
    if (!isSameSecret(readBearerToken(c.req.header('Authorization')), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      throw new AppError('unauthorized')
    }
    c.header('Cache-Control', 'no-store')
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType })
  })
}
