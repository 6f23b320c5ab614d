import type { PhoneCountryCode } from './phone.ts'

export const PHONE_CALL_PATH = '/api/calls/phone'

/** Body of `POST /api/calls/phone`: the visitor asks the prospect's agent to phone them. */
export interface PhoneCallRequest {
  /** The prospect whose agent calls; an unknown slug is refused (no fallback for a call that costs money). */
  slug: string
  /** ISO code of the selected country (`PHONE_COUNTRIES`). */
  country: PhoneCountryCode
  /** As typed; the server applies the same rule again (and a stricter one). */
  number: string
  /**
   * One per submission, e.g. `crypto.randomUUID()` (16 to 100 of `A-Z a-z 0-9 - _`). Sending the same
   * key again within 10 minutes returns the first answer instead of dialling twice.
   */
  idempotencyKey: string
  /**
   * The tab's visit id (core/engagement.ts), set on the call's metadata so its end-of-call report
   * links back to the visit; absent when the widget could not read one.
   */
  visitId?: string
}

/** Answer of a placed call: `number` is the E.164 number dialled, for 'Calling {number}...'. */
export interface PhoneCallResponse {
  callId: string
  number: string
}
