import type { AttemptClaim, PhoneCallOutcome } from '../data/call-database.ts'
import { callFunction, type Db } from '../data/database.ts'
import type { RateLimitBucket } from '../data/rate-limits.ts'

export type { AttemptClaim, PhoneCallOutcome }

export interface NewPhoneCallAttempt {
  idempotencyKey: string
  slug: string
  /** ISO code of the country chosen. */
  country: string
  /** Keyed hashes (HMAC hex): the database never sees the number or the address. */
  numberHash: string
  clientIpHash: string | null
  assistantId: string
}

/** Limits and upkeep for a claim: the buckets to count it in, and how long records are kept. */
export interface ClaimOptions {
  buckets: readonly RateLimitBucket[]
  retentionDays: number
  /** A pending attempt older than this was left by a stopped server: settled, its key freed. */
  staleAfterSeconds: number
}

/**
 * Claims the idempotency key and checks the limits in one transaction, or reports what became of
 * the key's first attempt. Only a request the limits let through is recorded: a refusal costs no row.
 */
export async function claimPhoneCallAttempt(
  db: Db,
  attempt: NewPhoneCallAttempt,
  options: ClaimOptions,
): Promise<AttemptClaim> {
  return callFunction(db, 'claim_phone_call_attempt', {
    idempotency_key: attempt.idempotencyKey,
    prospect_slug: attempt.slug,
    country: attempt.country,
    number_hash: attempt.numberHash,
    client_ip_hash: attempt.clientIpHash,
    assistant_id: attempt.assistantId,
    buckets: options.buckets,
    retention_days: options.retentionDays,
    stale_after_seconds: options.staleAfterSeconds,
  })
}

export interface AttemptResult {
  outcome: PhoneCallOutcome
  httpStatus: number
  errorCode?: string
  errorMessage?: string
  callId?: string
}

/**
 * Records an attempt's outcome (once; a second call for the same attempt changes nothing). Every
 * recorded attempt has asked the platform, so its key stays to replay the answer. `releaseBuckets`,
 * the claim's buckets, when no call was placed: their slots are given back.
 */
export async function finishPhoneCallAttempt(
  db: Db,
  attemptId: string,
  result: AttemptResult,
  releaseBuckets: readonly RateLimitBucket[] | null,
): Promise<void> {
  await callFunction(db, 'finish_phone_call_attempt', {
    attempt_id: attemptId,
    outcome: result.outcome,
    http_status: result.httpStatus,
    error_code: result.errorCode ?? null,
    error_message: result.errorMessage ?? null,
    call_id: result.callId ?? null,
    release_buckets: releaseBuckets,
  })
}
