import type { AppError } from '#core/errors.ts'
import { DAY_S, HOUR_S, type ScopeMessages, toRateLimitError } from '../common/rate-limit-error.ts'
import type { RateLimitBucket, RateLimitResult } from '../data/rate-limits.ts'
import type { VideoCallLimits } from './video-call-config.ts'

/**
 * Per client address per hour, per prospect per day and a global daily cap: each conversation is
 * billed by the minute. `prospectSlug` null (the general demo) counts per address and in all only.
 */
export function getVideoCallBuckets(
  limits: VideoCallLimits,
  scope: { clientIpHash: string | null; prospectSlug: string | null },
): RateLimitBucket[] {
  return [
    // A client whose address is unknown shares one bucket with all such clients.
    { key: `video:ip:${scope.clientIpHash ?? 'unknown'}`, limit: limits.perIpHourly, windowSeconds: HOUR_S },
    ...(scope.prospectSlug === null
      ? []
      : [
          {
            key: `video:prospect:${scope.prospectSlug}`,
            limit: limits.perProspectDaily,
            windowSeconds: DAY_S,
          },
        ]),
    { key: 'video:global', limit: limits.globalDaily, windowSeconds: DAY_S },
  ]
}

/** What the visitor reads per full scope, the global one first (it decides when a retry can work). */
const MESSAGES: ScopeMessages = [
  [
    'video:global',
    (wait) => `Our video support line has reached today's call limit. Please try again ${wait}.`,
  ],
  ['video:prospect:', (wait) => `This demo has reached today's video call limit. Please try again ${wait}.`],
  ['video:ip:', (wait) => `Too many video call requests from your network. Please try again ${wait}.`],
]

/** 429 `rate_limited` naming the full scope, with `Retry-After`. */
export const toVideoRateLimitError = (result: RateLimitResult): AppError => toRateLimitError(result, MESSAGES)
