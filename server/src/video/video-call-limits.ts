import { AppError } from '#core/errors.ts'
import type { RateLimitBucket, RateLimitResult } from '../data/rate-limits.ts'
import { describeWait } from '../shared/describe-wait.ts'
import type { VideoCallLimits } from './video-call-config.ts'

const HOUR_S = 60 * 60
const DAY_S = 24 * HOUR_S

/** Per client address per hour, and a global daily cap: each conversation is billed by the minute. */
export function getVideoCallBuckets(limits: VideoCallLimits, clientIpHash: string | null): RateLimitBucket[] {
  return [
    // A client whose address is unknown shares one bucket with all such clients.
    { key: `video:ip:${clientIpHash ?? 'unknown'}`, limit: limits.perIpHourly, windowSeconds: HOUR_S },
    { key: 'video:global', limit: limits.globalDaily, windowSeconds: DAY_S },
  ]
}

/** 429 `rate_limited` naming the full scope (the global one first: it decides when a retry can work). */
export function toVideoRateLimitError(result: RateLimitResult): AppError {
  const wait = describeWait(result.retryAfterSeconds)
  const message = result.blocked.includes('video:global')
    ? `Our video support line has reached today's call limit. Please try again ${wait}.`
    : `Too many video call requests from your network. Please try again ${wait}.`
  return new AppError('rate_limited', { retryAfterSeconds: result.retryAfterSeconds, message })
}
