/**
 * What the functions of the limits, the phone-call attempts and the video conversations take and
 * answer: the database's shapes, which the features' own data code (calls/, video/) and the shared
 * upkeep both use.
 */

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

/** Rows of each kind of call record that a function changed. */
export interface CallRecordCounts {
  phoneCallAttempts: number
  videoConversations: number
}

/** What a finished attempt is recorded as; `unknown` is only set by `settle_interrupted_calls`. */
export type PhoneCallOutcome = 'succeeded' | 'failed'

/** What `claim_phone_call_attempt` answers; see its migration for the states. */
export type AttemptClaim =
  | { state: 'started'; attemptId: string }
  | ({ state: 'limited' } & Pick<RateLimitResult, 'blocked' | 'retryAfterSeconds'>)
  | { state: 'pending' }
  | { state: 'mismatch' }
  | {
      state: 'finished'
      outcome: PhoneCallOutcome
      httpStatus: number | null
      errorCode: string | null
      errorMessage: string | null
      callId: string | null
    }

export type VideoBackendKind = 'tavus' | 'webhook'

/** What `claim_video_conversation_end` answers; see the migration for the states. */
export type EndClaim =
  | { state: 'unknown' }
  | { state: 'ended' }
  | {
      state: 'claimed'
      backend: VideoBackendKind
      platformConversationId: string
      /** Past its time limit: the platform has ended it already. */
      expired: boolean
    }
