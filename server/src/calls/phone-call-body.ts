import { z } from 'zod'
import { VISIT_ID_PATTERN } from '#core/engagement.ts'
import { AppError } from '#core/errors.ts'
import { findPhoneCountry, type PhoneCountry } from '#core/phone.ts'
import { isValidSlug } from '#core/prospect.ts'
import { readJsonBody } from '../common/read-json-body.ts'

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/

const Body = z.object({
  slug: z.string(),
  country: z.string(),
  number: z.string().max(64),
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  visitId: z.unknown().optional(),
})

export interface PhoneCallBody {
  slug: string
  country: PhoneCountry
  /** As typed; `toDialableNumber` judges it. */
  number: string
  idempotencyKey: string
  /** The page's visit, for the call's metadata; null when absent or malformed (never a refusal). */
  visitId: string | null
}

/**
 * Reads `{ slug, country, number, idempotencyKey }` from the body's text (JSON, whatever the
 * Content-Type: a `text/plain` POST spares partner pages a CORS preflight). A malformed request says
 * which fields are wrong; a bad slug or country gets its own code so the dialog can phrase it.
 */
export function parsePhoneCallBody(text: string): PhoneCallBody {
  const { slug, country: code, number, idempotencyKey, visitId } = readJsonBody(text, Body)
  if (!isValidSlug(slug)) throw new AppError('slug_invalid')
  const country = findPhoneCountry(code)
  if (!country) throw new AppError('country_invalid')
  // The visit only links the call's report to the page; a malformed one must not cost the call.
  const visit = typeof visitId === 'string' && VISIT_ID_PATTERN.test(visitId) ? visitId : null
  return { slug, country, number, idempotencyKey, visitId: visit }
}
