import type { MiddlewareHandler } from 'hono'
import { AppError } from '#core/errors.ts'

// C0 controls (NUL included) and DEL: no name, slug, number or key of ours holds one, and Postgres
// refuses NUL in text, so they are refused at the door with one clear 400 instead of failing deeper.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this rule exists to find them
const CONTROL = /[\u0000-\u001f\u007f]/
/** The same characters as a URL carries them, percent-encoded. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i
/** JSON's whitespace between tokens; inside a string these are invalid JSON anyway. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this rule exists to find them
const CONTROL_BUT_JSON_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** Headers whose values the API reads, or that clients send for it (`Idempotency-Key`). */
const CHECKED_HEADERS = ['authorization', 'idempotency-key'] as const

const refuse = () => new AppError('control_character')

/** Refuses a request whose path, query string or checked headers hold a control character. */
export const rejectControlCharacters: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url)
  const target = url.pathname + url.search
  if (CONTROL.test(target) || ENCODED_CONTROL.test(target)) throw refuse()
  for (const name of CHECKED_HEADERS) {
    const value = c.req.header(name)
    if (value !== undefined && CONTROL.test(value)) throw refuse()
  }
  await next()
}

/** Refuses JSON text with a control character outside the whitespace JSON allows between tokens. */
export function assertNoControlInJsonText(text: string): void {
  if (CONTROL_BUT_JSON_WHITESPACE.test(text)) throw refuse()
}

/** Refuses a parsed JSON value with a control character in any string, keys included. */
export function assertNoControlInJson(value: unknown): void {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (CONTROL.test(next)) throw refuse()
    } else if (Array.isArray(next)) {
      pending.push(...next)
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (CONTROL.test(key)) throw refuse()
        pending.push(item)
      }
    }
  }
}
