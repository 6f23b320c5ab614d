import type { AppError } from '#core/errors.ts'
import { DAY_S, HOUR_S, type ScopeMessages, toRateLimitError } from '../common/rate-limit-error.ts'
import type { RateLimitBucket, RateLimitResult } from '../data/rate-limits.ts'
import type { PhoneCallLimits } from './phone-call-config.ts'

export interface PhoneCallScope {
  /** Keyed hashes; a client whose address is unknown shares one bucket with all such clients. */
  clientIpHash: string | null
  numberHash: string
  slug: string
}

/** The four scopes a phone call is limited in (address, number, prospect, all), each with its configured limit and fixed window. */
export function getPhoneCallBuckets(limits: PhoneCallLimits, scope: PhoneCallScope): RateLimitBucket[] {
  return [
    { key: `phone:ip:${scope.clientIpHash ?? 'unknown'}`, limit: limits.perIpHourly, windowSeconds: HOUR_S },
    { key: `phone:number:${scope.numberHash}`, limit: limits.perNumberDaily, windowSeconds: DAY_S },
    { key: `phone:prospect:${scope.slug}`, limit: limits.perProspectDaily, windowSeconds: DAY_S },
    { key: 'phone:global', limit: limits.globalDaily, windowSeconds: DAY_S },
  ]
}

/** What the visitor reads per full scope, the widest first (it decides when a retry can work). */
const MESSAGES: ScopeMessages = [
  ['phone:global', (wait) => `Our demo line has reached today's call limit. Please try again ${wait}.`],
  ['phone:prospect:', (wait) => `This demo has reached today's call limit. Please try again ${wait}.`],
  [
    'phone:number:',
    (wait) => `This number has had all the demo calls allowed for today. Please try again ${wait}.`,
  ],
  ['phone:ip:', (wait) => `Too many call requests from your network. Please try again ${wait}.`],
]

/** 429 `rate_limited`, with a message naming the full scope and `Retry-After`. */
export const toPhoneRateLimitError = (
  result: Pick<RateLimitResult, 'blocked' | 'retryAfterSeconds'>,
): AppError => toRateLimitError(result, MESSAGES)
