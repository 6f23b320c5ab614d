import { AppError } from '#core/errors.ts'
import type { Db } from './database.ts'

/** One scope to count a request in: at most `limit` requests per fixed window of `windowSeconds`. */
export interface RateLimitBucket {
  /** e.g. `phone:ip:<hmac>`; never a phone number or an address in clear. */
  key: string
  limit: number
  windowSeconds: number
}

export interface RateLimitResult {
  allowed: boolean
  /** Keys of the buckets that were full; none was counted then. */
  blocked: string[]
  /** Seconds until every full bucket's window has ended; 0 when allowed. */
  retryAfterSeconds: number
}

/**
 * Checks and counts a request in several buckets at once, atomically and all or nothing, in
 * Postgres (`check_rate_limits`), so limits hold across restarts and server instances. Any endpoint
 * that costs money can use it (phone calls now; video calls: per IP and a global daily cap).
 * A database failure is AppError `unavailable`: when the limits cannot be checked, nothing is spent.
 */
export async function checkRateLimits(
  supabase: Db,
  buckets: readonly RateLimitBucket[],
): Promise<RateLimitResult> {
  const { data, error } = await supabase.rpc('check_rate_limits', { buckets })
  if (error) {
    throw new AppError('unavailable', { cause: error })
  }
  return data
}
