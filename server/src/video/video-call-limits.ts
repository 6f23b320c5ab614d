import type { AppError } from '#core/errors.ts'
import { DAY_S, HOUR_S, type ScopeMessages, toRateLimitError } from '../common/rate-limit-error.ts'
import type { RateLimitBucket, RateLimitResult } from '../data/rate-limits.ts'
import type { VideoCallLimits } from './video-call-config.ts'

/** Per client address per hour, and a global daily cap: each conversation is billed by the minute. */
export function getVideoCallBuckets(limits: VideoCallLimits, clientIpHash: string | null): RateLimitBucket[] {
  return [
    // A client whose address is unknown shares one bucket with all such clients.
    { key: `video:ip:${clientIpHash ?? 'unknown'}`, limit: limits.perIpHourly, windowSeconds: HOUR_S },
    { key: 'video:global', limit: limits.globalDaily, windowSeconds: DAY_S },
  ]
}

/** What the visitor reads per full scope, the global one first (it decides when a retry can work). */
const MESSAGES: ScopeMessages = [
  [
    'video:global',
    (wait) => `Our video support line has reached today's call limit. Please try again ${wait}.`,
  ],
  ['video:ip:', (wait) => `Too many video call requests from your network. Please try again ${wait}.`],
]

/** 429 `rate_limited` naming the full scope, with `Retry-After`. */
export const toVideoRateLimitError = (result: RateLimitResult): AppError => toRateLimitError(result, MESSAGES)
