import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Compares a secret a caller sent with the configured one in constant time, whatever their lengths:
 * both are hashed to 32 bytes first, so neither the time taken nor an early length mismatch tells a
 * caller how much of a guess was right. `node:crypto` runs on Node and, through its compatibility
 * layer, on the edge (Deno). An empty or absent secret never matches.
 */
export function isSameSecret(given: string | undefined, expected: string): boolean {
  const a = createHash('sha256')
    .update(given ?? '')
    .digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b) && given !== undefined && given.length > 0 && expected.length > 0
}

/** The token of an `Authorization: Bearer <token>` header; undefined for any other header. */
export function readBearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '')
  return match?.[1]
}
