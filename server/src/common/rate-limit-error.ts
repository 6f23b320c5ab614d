import { AppError } from '#core/errors.ts'
import type { RateLimitResult } from '../data/rate-limits.ts'

export const HOUR_S = 60 * 60
export const DAY_S = 24 * HOUR_S

/**
 * When a refused visitor may try again, in the words of a limit's message ("Please try again in 5
 * minutes."): rounded up, so nobody is told a time at which they would still be refused.
 */
export function describeWait(seconds: number): string {
  if (seconds <= 60) return 'in a minute'
  if (seconds < 90 * 60) return `in ${Math.ceil(seconds / 60)} minutes`
  const hours = Math.ceil(seconds / HOUR_S)
  return hours === 1 ? 'in an hour' : `in ${hours} hours`
}

/** What the visitor reads when a bucket whose key starts with `prefix` is full, given the wait. */
export type ScopeMessages = readonly (readonly [prefix: string, message: (wait: string) => string])[]

/**
 * 429 `rate_limited` with `Retry-After`, and a message naming the full scope: the first of `messages`
 * (list the widest scope first: it decides when a retry can work) whose prefix a blocked bucket has.
 */
export function toRateLimitError(
  result: Pick<RateLimitResult, 'blocked' | 'retryAfterSeconds'>,
  messages: ScopeMessages,
): AppError {
  const wait = describeWait(result.retryAfterSeconds)
  const entry = messages.find(([prefix]) => result.blocked.some((key) => key.startsWith(prefix)))
  return new AppError('rate_limited', {
    retryAfterSeconds: result.retryAfterSeconds,
    ...(entry ? { message: entry[1](wait) } : {}),
  })
}
