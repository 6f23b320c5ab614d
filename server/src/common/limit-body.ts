import type { MiddlewareHandler } from 'hono'
import { AppError } from '#core/errors.ts'

/**
 * Reads the whole body before the handler runs, refusing more than `maxBytes` with 413
 * `payload_too_large` (by Content-Length when sent, else while reading). A body the client cut off
 * is 400 `body_incomplete`: the client's doing, so it must not read as a server failure in the log.
 * The handler then reads the buffered body, which cannot fail.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header('Content-Length')
    const declaredBytes = declared === undefined ? null : Number(declared)
    if (declaredBytes !== null && declaredBytes > maxBytes) throw new AppError('payload_too_large')
    const body = c.req.raw.body
    if (body) {
      const bytes = await readAtMost(body, maxBytes)
      if (declaredBytes !== null && bytes.byteLength < declaredBytes) throw new AppError('body_incomplete')
      c.req.raw = new Request(c.req.raw, { body: bytes })
    }
    await next()
  }
}

async function readAtMost(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch (error) {
      throw new AppError('body_incomplete', { cause: error })
    }
    if (chunk.done) break
    size += chunk.value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw new AppError('payload_too_large')
    }
    chunks.push(chunk.value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
