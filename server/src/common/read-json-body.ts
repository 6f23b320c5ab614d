import type { z } from 'zod'
import { AppError } from '#core/errors.ts'
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
