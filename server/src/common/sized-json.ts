import type { MiddlewareHandler } from 'hono'

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i

/**
 * Gives each JSON answer its Content-Length, so that the compression wrapped around it (hono's
 * compress(), which skips bodies under 1 KB only when it knows their length) leaves the small ones
 * as they are: the health and readiness answers, the public config, the errors. Without a length,
 * every such answer went through a gzip stream of its own (zlib's state, some 300 KB, and a 16 KB
 * buffer, a request) to save a few bytes or none; a load balancer asks for health every second.
 * A JSON answer is one string, never a stream, so reading it whole only copies its bytes.
 * Registered after compress() so that it runs first as the answer goes out.
 */
export function sizedJson(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const answer = c.res
    if (!answer.body || answer.headers.has('Content-Length') || answer.headers.has('Content-Encoding')) return
    if (!JSON_TYPE.test(answer.headers.get('Content-Type') ?? '')) return
    const bytes = await answer.arrayBuffer()
    const sized = new Response(bytes, answer)
    sized.headers.set('Content-Length', String(bytes.byteLength))
    c.res = sized
  }
}
