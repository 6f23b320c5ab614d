import type { ErrorCode } from '#core/errors.ts'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'

/** The phone dialog's texts. */
export const PHONE_TEXT = {
  title: 'Get a Call from Our AI Assistant',
  consent: 'Our AI assistant will call this number once, right away. We use the number only for this call.',
  submit: 'Call Me',
  submitting: 'Calling...',
  requiredTitle: 'Phone Number Required',
  invalidTitle: 'Invalid Phone Number',
  invalidBody: 'Please enter a valid phone number',
  failedTitle: START_ERROR_TEXT.callFailedTitle,
  notConfiguredTitle: 'Configuration Required',
  limitedTitle: 'Too Many Calls',
  initiatedTitle: 'Call Initiated',
  initiatedBody: (number: string) => `Calling ${number}... You should receive a call shortly.`,
} as const

/** The toast title for a refused request; the body is the server's message (safe to show). */
export function titleForError(code: ErrorCode): string {
  if (code === 'phone_not_configured') return PHONE_TEXT.notConfiguredTitle
  if (code === 'rate_limited') return PHONE_TEXT.limitedTitle
  if (code === 'phone_required') return PHONE_TEXT.requiredTitle
  if (code === 'phone_invalid') return PHONE_TEXT.invalidTitle
  return PHONE_TEXT.failedTitle
}

/** A fresh idempotency key (128 random bits as hex); works on plain-http partner pages too. */
export function createIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
