import type { SupabaseClient } from '@supabase/supabase-js'
import { AppError } from '../../../core/errors.ts'

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

export type PhoneCallOutcome = 'succeeded' | 'failed' | 'rate_limited'

/** What `begin_phone_call_attempt` answers; see the migration for the states. */
export type AttemptClaim =
  | { state: 'started'; attemptId: string }
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

/** Claims the idempotency key for a new attempt, or reports what became of the first one. */
export async function beginPhoneCallAttempt(
  supabase: SupabaseClient,
  attempt: NewPhoneCallAttempt,
): Promise<AttemptClaim> {
  const { data, error } = await supabase.rpc('begin_phone_call_attempt', {
    idempotency_key: attempt.idempotencyKey,
    prospect_slug: attempt.slug,
    country: attempt.country,
    number_hash: attempt.numberHash,
    client_ip_hash: attempt.clientIpHash,
    assistant_id: attempt.assistantId,
  })
  const state = (data as { state?: unknown } | null)?.state
  if (error || !['started', 'pending', 'mismatch', 'finished'].includes(state as string)) {
    throw new AppError('unavailable', {
      cause: error ?? new Error('begin_phone_call_attempt: unexpected answer'),
    })
  }
  return data as AttemptClaim
}

export interface AttemptResult {
  outcome: PhoneCallOutcome
  httpStatus: number
  errorCode?: string
  errorMessage?: string
  callId?: string
  /** Free the key at once: nothing was dialled, so the same key may try again. */
  releaseKey: boolean
}

/** Records an attempt's outcome (once; a second call for the same attempt changes nothing). */
export async function finishPhoneCallAttempt(
  supabase: SupabaseClient,
  attemptId: string,
  result: AttemptResult,
): Promise<void> {
  const { error } = await supabase.rpc('finish_phone_call_attempt', {
    attempt_id: attemptId,
    outcome: result.outcome,
    http_status: result.httpStatus,
    error_code: result.errorCode ?? null,
    error_message: result.errorMessage ?? null,
    call_id: result.callId ?? null,
    release_key: result.releaseKey,
  })
  if (error) throw new AppError('unavailable', { cause: error })
}
