import { expect, it } from 'vitest'
import { AppError } from '#core/errors.ts'
import { findPhoneCountry, PHONE_COUNTRIES, PHONE_EXAMPLES } from '#core/phone.ts'
import { toDialableNumber } from './dialable-number.ts'

function dial(code: string, input: string): string {
  const country = findPhoneCountry(code)
  if (!country) throw new Error(`not in the list: ${code}`)
  return toDialableNumber(input, country)
}
const failure = (country: string, input: string) => {
  try {
    dial(country, input)
  } catch (error) {
    return error instanceof AppError ? `${error.code}: ${error.message}` : String(error)
  }
  return 'dialled'
}

it('dials numbers written the way each country writes them, trunk prefix and all', () => {
  expect(dial('US', '201-555-0123')).toBe('+12015550123')
  expect(dial('GB', '07400 123456')).toBe('+447400123456')
  expect(dial('DE', '030 1234567')).toBe('+49301234567')
  expect(dial('FR', '06 12 34 56 78')).toBe('+33612345678')
  expect(dial('IT', '312 345 6789')).toBe('+393123456789')
  expect(dial('ES', '612 34 56 78')).toBe('+34612345678')
  expect(dial('AU', '0412 345 678')).toBe('+61412345678')
  expect(dial('JP', '０９０－１２３４－５６７８')).toBe('+819012345678')
  expect(dial('GB', '44 20 7946 0958')).toBe('+442079460958') // the dial code typed again
})

it("dials every country's placeholder example: the dialog never suggests a number it then refuses", () => {
  for (const { code } of PHONE_COUNTRIES) expect(failure(code, PHONE_EXAMPLES[code]), code).toBe('dialled')
  // What the placeholder said before: 555 is no area code, so it was refused.
  expect(failure('US', '(555) 123-4567')).toBe('phone_invalid: Please enter a valid phone number')
})

it('keeps the shared rule as the floor: blank, letters and lengths are refused first', () => {
  expect(failure('US', ' ')).toBe('phone_required: Please enter a valid phone number')
  expect(failure('US', '2015550l23')).toBe('phone_invalid: Please enter a valid phone number')
  expect(failure('US', '1'.repeat(15))).toBe('phone_invalid: Please enter a valid phone number')
})

it('refuses numbers that fit the length rule but do not exist, or whose owner earns from the call', () => {
  expect(failure('US', '201555')).toBe('phone_invalid: Please enter a valid phone number')
  expect(failure('DE', '123456')).toBe('phone_invalid: Please enter a valid phone number')
  for (const [country, premium] of [
    ['US', '900 555 1234'],
    ['GB', '0909 876 5432'],
    ['FR', '08 91 23 45 67'],
    ['GB', '070 1234 5678'], // UK "personal numbers", a toll-fraud favourite
  ]) {
    expect(failure(country as string, premium as string), premium).toBe(
      'phone_invalid: We can only call mobile and landline numbers. Please enter another number.',
    )
  }
})
