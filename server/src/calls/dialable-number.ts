import { type CountryCode, type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { AppError } from '#core/errors.ts'
import { E164_PATTERN, normalizePhoneNumber, type PhoneCountry } from '#core/phone.ts'

/**
 * Types a demo call may go to. Premium-rate, shared-cost and personal numbers are left out on
 * purpose: their owner earns from incoming calls, which is how toll fraud turns a "call me" form
 * into revenue for whoever types the number. Pagers and voicemail cannot hold a conversation.
 */
const CALLABLE_TYPES = new Set<NumberType>([
  'MOBILE',
  'FIXED_LINE',
  'FIXED_LINE_OR_MOBILE',
  'VOIP',
  'TOLL_FREE',
  'UAN',
])

const NOT_CALLABLE_MESSAGE = 'We can only call mobile and landline numbers. Please enter another number.'

/**
 * The number the server will dial, in E.164. First the rule the dialog applies too, then
 * libphonenumber-js with its complete ("max") metadata: the number must exist in the chosen
 * country's numbering plan and be of a callable type. The library also reads national formats, so a
 * UK visitor's `020 7946 0958` dials +44 20 7946 0958 (the spec's rule alone would keep the trunk 0).
 */
export function toDialableNumber(input: string, country: PhoneCountry): string {
  const floor = normalizePhoneNumber(input, country)
  if (!floor.ok) throw new AppError(floor.code)
  const parsed = parsePhoneNumberFromString(floor.digits, country.code as CountryCode)
  if (
    !parsed?.isValid() ||
    !parsed.number.startsWith(country.dialCode) ||
    !E164_PATTERN.test(parsed.number)
  ) {
    throw new AppError('phone_invalid')
  }
  const type = parsed.getType()
  if (!type || !CALLABLE_TYPES.has(type))
    throw new AppError('phone_invalid', { message: NOT_CALLABLE_MESSAGE })
  return parsed.number
}
