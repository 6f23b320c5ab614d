import type { AgentTemplateSet } from '#core/agent.ts'
import { createAgentSettings } from '#core/agent-settings.ts'
import { AppError, isErrorCode } from '#core/errors.ts'
import type { PhoneCallResponse } from '#core/phone-call.ts'
import { prospectNotFoundMessage } from '#core/prospect.ts'
import type { KeyedHash } from '../common/keyed-hash.ts'
import { interruptedAfterSeconds } from '../data/call-records.ts'
import { callFunction, type Db } from '../data/database.ts'
import { loadProspect } from '../data/prospects.ts'
import { toDialableNumber } from './dialable-number.ts'
import {
  type AttemptClaim,
  type AttemptResult,
  type ClaimOptions,
  claimPhoneCallAttempt,
  finishPhoneCallAttempt,
  type NewPhoneCallAttempt,
} from './phone-call-attempts.ts'
import type { PhoneCallBody } from './phone-call-body.ts'
import type { PhoneCallLimits } from './phone-call-config.ts'
import { getPhoneCallBuckets, toPhoneRateLimitError } from './phone-call-limits.ts'
import { createVapiPhoneCall, type VapiPhoneSettings, wasCallRefused } from './vapi-phone-call.ts'

export interface PhoneCallSettings {
  /** Null without a private key or a phone number id: every request is `phone_not_configured`. */
  vapi: VapiPhoneSettings | null
  /** For prospects without their own `assistant_id`. */
  defaultAssistantId: string | null
  limits: PhoneCallLimits
  hash: KeyedHash
  /** Days an attempt is kept (`CALL_RECORD_RETENTION_DAYS`); each new one prunes older ones. */
  retentionDays: number
  /** How long a duplicate request waits for the first one's answer; default: the call timeout + 2 s. */
  replayWaitMs?: number
}

export interface PhoneCallDeps {
  db: Db
  /** The agent templates the prospect's agent is rendered with. */
  templates: AgentTemplateSet
  phoneCalls: PhoneCallSettings | undefined
  logger: Pick<Console, 'error'>
  /** Absent: a call placed is recorded with no nudge (nudges off). */
  askedNudge?: AskedNudgeSettings | undefined
}

/**
 * The `asked` nudge a "Call Me" call queues with its fact, from the nudges' settings (the app composes
 * them: this folder stays apart from the nudges').
 */
export interface AskedNudgeSettings {
  /** At most one nudge of a kind per prospect in this many minutes, as for the others. */
  dedupeMinutes: number
  /** The rep's page of the prospect, the nudge's link; null while the site's origin is unknown. */
  link: (slug: string) => string | null
  /** The clock of queueing; tests set it. */
  now?: (() => Date) | undefined
  /** Called after a nudge was queued, so a drainer can send it at once. */
  onQueued?: (() => void) | undefined
}

/**
 * The answer to send. `replayed`: it is the first request's, for the same idempotency key (a
 * success, or a failure kept because the platform may have dialled), sent without dialling again.
 */
export type PlacedCall =
  | { replayed: boolean; response: PhoneCallResponse }
  | { replayed: true; error: AppError }

/**
 * `POST /api/calls/phone` behind the body parsing: configuration, the number, the prospect and its
 * assistant; then the idempotency key and the limits together, and one request to the platform. Only
 * attempts the limits let through are recorded, with their outcome. Throws AppError for every refusal
 * except a replayed one, which it returns so the route can mark it as replayed.
 */
export async function placePhoneCall(
  deps: PhoneCallDeps,
  body: PhoneCallBody,
  clientIp: string | null,
  team = false,
): Promise<PlacedCall> {
  const settings = deps.phoneCalls
  if (!settings?.vapi) throw new AppError('phone_not_configured')
  const number = toDialableNumber(body.number, body.country)
  // A call costs money: an unknown slug is refused, not answered with the fallback prospect.
  const prospect = await loadProspect(deps.db, deps.templates, body.slug)
  if (!prospect) throw new AppError('prospect_not_found', { message: prospectNotFoundMessage(body.slug) })
  const assistantId = prospect.assistantId ?? settings.defaultAssistantId
  if (!assistantId) {
    throw new AppError('phone_not_configured', {
      cause: new Error(`No assistant for "${body.slug}" and no VAPI_ASSISTANT_ID`),
    })
  }
  const [numberHash, clientIpHash] = await Promise.all([
    settings.hash('phone', number),
    clientIp === null ? null : settings.hash('ip', clientIp),
  ])
  const attempt: NewPhoneCallAttempt = {
    idempotencyKey: body.idempotencyKey,
    slug: body.slug,
    country: body.country.code,
    numberHash,
    clientIpHash,
    assistantId,
  }
  const buckets = getPhoneCallBuckets(settings.limits, { clientIpHash, numberHash, slug: body.slug })
  const claim = await claimAttempt(
    deps.db,
    attempt,
    {
      buckets,
      retentionDays: settings.retentionDays,
      staleAfterSeconds: interruptedAfterSeconds(settings.vapi.timeoutMs),
    },
    settings.replayWaitMs ?? settings.vapi.timeoutMs + 2000,
  )
  if (claim.state === 'finished') return replay(claim, number)
  // Refused by a limit: nothing was recorded, so the same key is judged afresh next time.
  if (claim.state === 'limited') throw toPhoneRateLimitError(claim)

  const record = (result: AttemptResult, releaseBuckets: typeof buckets | null = null) =>
    finishPhoneCallAttempt(deps.db, claim.attemptId, result, releaseBuckets).catch((error: unknown) => {
      // The visitor's answer stands (their phone may already ring); the record is what is lost.
      deps.logger.error('[phone_call_record]', error)
    })
  try {
    const { callId } = await createVapiPhoneCall(settings.vapi, {
      assistantId,
      number,
      agent: createAgentSettings(prospect, {
        prospectSlug: body.slug,
        visitId: body.visitId,
        source: 'phone',
        ...(team && { team }),
      }),
    })
    await record({ outcome: 'succeeded', httpStatus: 200, callId })
    // "Asked for a call" is this record of a call placed, never a page's word; a rep's test is not one.
    if (!team) await recordPlacedCall(deps, body.slug, body.visitId ?? claim.attemptId)
    return { response: { callId, number }, replayed: false }
  } catch (error) {
    const appError = toAppError(error)
    // Kept for replay: the platform may have dialled (a timeout), so this key must not dial again.
    // A limit's slot is for a call placed: one the platform refused gives its slots back.
    await record({ ...describeFailure(appError), outcome: 'failed' }, wasCallRefused(error) ? buckets : null)
    throw appError
  }
}

/**
 * Stores the fact that a call was placed for the prospect and, in the same transaction, its `asked`
 * nudge (`record_phone_call_placed`); a failure costs the fact, not the call.
 */
async function recordPlacedCall(deps: PhoneCallDeps, slug: string, visitId: string): Promise<void> {
  const nudge = deps.askedNudge
  try {
    const { nudged } = await callFunction(deps.db, 'record_phone_call_placed', {
      prospect_slug: slug,
      visit_id: visitId,
      dedupe_minutes: nudge?.dedupeMinutes ?? null,
      link: nudge?.link(slug) ?? null,
      at: (nudge?.now?.() ?? new Date()).toISOString(),
    })
    if (nudged) nudge?.onQueued?.()
  } catch (error) {
    deps.logger.error('[phone_call_fact]', error)
  }
}

type Claimed = Exclude<AttemptClaim, { state: 'pending' | 'mismatch' }>

/** Claims the key; while the first request with it is still running, waits for its answer. */
async function claimAttempt(
  db: Db,
  attempt: NewPhoneCallAttempt,
  options: ClaimOptions,
  waitMs: number,
): Promise<Claimed> {
  const deadline = Date.now() + waitMs
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const claim = await claimPhoneCallAttempt(db, attempt, options)
    if (claim.state === 'mismatch') throw new AppError('idempotency_key_reused')
    if (claim.state !== 'pending') return claim
    if (Date.now() + delay > deadline) throw new AppError('call_in_progress')
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}

function replay(claim: Extract<AttemptClaim, { state: 'finished' }>, number: string): PlacedCall {
  if (claim.outcome === 'succeeded' && claim.callId) {
    // The number is not stored; the request matched the first one's hash, so it is the same number.
    return { response: { callId: claim.callId, number }, replayed: true }
  }
  const code = isErrorCode(claim.errorCode) ? claim.errorCode : 'phone_call_failed'
  return {
    replayed: true,
    error: new AppError(code, { ...(claim.errorMessage ? { message: claim.errorMessage } : {}) }),
  }
}

const toAppError = (error: unknown): AppError =>
  error instanceof AppError ? error : new AppError('unavailable', { cause: error })

const describeFailure = (error: AppError) => ({
  httpStatus: error.status,
  errorCode: error.code,
  errorMessage: error.message,
})
