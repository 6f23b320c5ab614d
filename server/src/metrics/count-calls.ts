import type { MiddlewareHandler } from 'hono'
import type { CallKind, Metrics } from './metrics.ts'

/**
 * Counts a request for a call by how it ended: `placed` when the call was started, else the
 * answer's error code (`phone_not_configured`, `rate_limited`, `phone_invalid`, ...). Read from the
 * answer, so the count is what the visitor was told.
 */
export function countCalls(metrics: Metrics, kind: CallKind): MiddlewareHandler {
  return async (c, next) => {
    await next()
    metrics.calls.inc({ kind, outcome: await readOutcome(c.res) })
  }
}

async function readOutcome(response: Response): Promise<string> {
  if (response.status < 300) return 'placed'
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } }
    const code = body.error?.code
    return typeof code === 'string' && /^[a-z_]{1,40}$/.test(code) ? code : `http_${response.status}`
  } catch {
    return `http_${response.status}`
  }
}
