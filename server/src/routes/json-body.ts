import type { MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { AppError } from '../../../core/errors.ts'
import { assertNoControlInJson, assertNoControlInJsonText } from './control-characters.ts'

/**
 * Reads a request body's text as JSON checked by `schema`, whatever the Content-Type: a `text/plain`
 * POST spares partner pages a CORS preflight. With `empty` given, a blank body stands for that value;
 * without it, a blank body is malformed. Either failure is a 400 naming the fields that are wrong; a
 * control character in a string is a 400 `control_character`.
 */
export function readJsonBody<T>(text: string, schema: z.ZodType<T>, empty?: unknown): T {
  let json: unknown = empty
  if (empty === undefined || text.trim() !== '') {
    assertNoControlInJsonText(text)
    try {
      json = JSON.parse(text)
    } catch {
      throw new AppError('bad_request', { message: 'The request body must be a JSON object.' })
    }
    assertNoControlInJson(json)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'body')))]
    throw new AppError('bad_request', {
      message: `Missing or malformed in the request: ${fields.join(', ')}.`,
    })
  }
  return parsed.data
}

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
