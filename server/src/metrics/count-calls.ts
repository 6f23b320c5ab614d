import type { MiddlewareHandler } from 'hono'
import type { AppLogger } from '../logging/logger.ts'
import { REQUEST_ID_HEADER } from '../logging/request-log.ts'
import type { CallKind, Metrics } from './metrics.ts'

/**
 * Counts a request for a call by how it ended, and writes a line for it: `placed` when the call was
 * started, else the answer's error code (`phone_not_configured`, `rate_limited`, `phone_invalid`,
 * ...). Read from the answer, so the count is what the visitor was told. The line names the kind and
 * the outcome, never the number or the prospect.
 */
export function countCalls(
  kind: CallKind,
  observers: { metrics?: Metrics | undefined; logger?: AppLogger | undefined },
): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const outcome = await readOutcome(c.res)
    observers.metrics?.calls.inc({ kind, outcome })
    const line = { requestId: c.res.headers.get(REQUEST_ID_HEADER) ?? undefined, kind, outcome }
    if (outcome === 'placed') observers.logger?.info(line, 'call placed')
    else observers.logger?.warn(line, 'call refused')
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
