import type { RateLimitBucket, RateLimitResult } from './call-database.ts'
import { callFunction, type Db } from './database.ts'

export type { RateLimitBucket, RateLimitResult }

/**
 * Checks and counts a request in several buckets at once, atomically and all or nothing, in
 * Postgres (`check_rate_limits`), so limits hold across restarts and server instances. Any endpoint
 * that costs money can use it (phone calls now; video calls: per IP and a global daily cap).
 * A database failure is AppError `unavailable`: when the limits cannot be checked, nothing is spent.
 */
export async function checkRateLimits(db: Db, buckets: readonly RateLimitBucket[]): Promise<RateLimitResult> {
  return callFunction(db, 'check_rate_limits', { buckets })
}
