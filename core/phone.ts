import type { ErrorCode } from './errors.ts'

/** A country the phone dialog offers. */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2: what the API receives, since a dial code can be shared (+1 is also Canada). */
  code: string
  name: string
  dialCode: string
}

/** The dialog's countries in the order shown; the first is the default. */
export const PHONE_COUNTRIES = [
  { code: 'US', name: 'United States', dialCode: '+1' },
  { code: 'GB', name: 'United Kingdom', dialCode: '+44' },
  { code: 'DE', name: 'Germany', dialCode: '+49' },
  { code: 'FR', name: 'France', dialCode: '+33' },
  { code: 'IT', name: 'Italy', dialCode: '+39' },
  { code: 'ES', name: 'Spain', dialCode: '+34' },
  { code: 'AU', name: 'Australia', dialCode: '+61' },
  { code: 'JP', name: 'Japan', dialCode: '+81' },
] as const satisfies readonly PhoneCountry[]

export type PhoneCountryCode = (typeof PHONE_COUNTRIES)[number]['code']

export const DEFAULT_PHONE_COUNTRY: PhoneCountryCode = 'US'

/**
 * A number each country's visitors would recognise, written the way that country writes it: the
 * dialog's placeholder. Each is one the server would dial (server/src/calls/dialable-number.test.ts),
 * taken from ranges kept for examples where the country has one (US 555-01xx, Australia 0491 570),
 * so the placeholder never teaches a number the form then refuses. A table of our own rather than
 * the phone library's example metadata, which would add its bytes to the dialog.
 */
export const PHONE_EXAMPLES: Readonly<Record<PhoneCountryCode, string>> = {
  US: '(201) 555-0123',
  GB: '07400 123456',
  DE: '01512 3456789',
  FR: '06 12 34 56 78',
  IT: '312 345 6789',
  ES: '612 34 56 78',
  AU: '0491 570 156',
  JP: '090-1234-5678',
}

export const findPhoneCountry = (code: string): PhoneCountry | undefined =>
  PHONE_COUNTRIES.find((country) => country.code === code)

/** A dialable number: a plus sign and 7 to 15 digits (E.164's maximum). */
export const E164_PATTERN = /^\+\d{7,15}$/

export type PhoneNumberCheck =
  | {
      ok: true
      /** E.164: the dial code followed by the typed digits. */
      number: string
      /** The typed digits alone, for a stricter check that knows national formats (the server's). */
      digits: string
    }
  | { ok: false; code: Extract<ErrorCode, 'phone_required' | 'phone_invalid'> }

/**
 * The phone rule, the same in the dialog and on the server: blank → `phone_required`
 * ('Phone Number Required'); otherwise strip everything but digits, prepend the country's dial code
 * and require `+` and 7 to 15 digits, else `phone_invalid`. Two additions, both stricter or kinder:
 * full-width digits (a Japanese keyboard's) count as digits, and a number with letters in it is
 * refused rather than silently shortened (a typed `O` for `0` would otherwise dial someone else).
 */
export function normalizePhoneNumber(input: string, country: PhoneCountry): PhoneNumberCheck {
  const text = input.normalize('NFKC')
  if (text.trim() === '') return { ok: false, code: 'phone_required' }
  if (/\p{L}/u.test(text)) return { ok: false, code: 'phone_invalid' }
  const digits = text.replace(/\D/g, '')
  const number = `${country.dialCode}${digits}`
  return E164_PATTERN.test(number) ? { ok: true, number, digits } : { ok: false, code: 'phone_invalid' }
}
