import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PHONE_COUNTRY,
  findPhoneCountry,
  normalizePhoneNumber,
  PHONE_COUNTRIES,
  PHONE_EXAMPLES,
} from './phone.ts'

const US = { code: 'US', name: 'United States', dialCode: '+1' }
const UK = { code: 'GB', name: 'United Kingdom', dialCode: '+44' }

describe('PHONE_COUNTRIES', () => {
  it('offers the eight countries of the dialog, United States (+1) first and by default', () => {
    expect(PHONE_COUNTRIES.map((c) => `${c.dialCode} ${c.name}`)).toEqual([
      '+1 United States',
      '+44 United Kingdom',
      '+49 Germany',
      '+33 France',
      '+39 Italy',
      '+34 Spain',
      '+61 Australia',
      '+81 Japan',
    ])
    expect(DEFAULT_PHONE_COUNTRY).toBe('US')
    expect(findPhoneCountry('JP')?.dialCode).toBe('+81')
    expect(findPhoneCountry('CA')).toBeUndefined()
    expect(findPhoneCountry('us')).toBeUndefined()
  })
})

describe('PHONE_EXAMPLES', () => {
  it('has one example per country, each passing the shared rule', () => {
    expect(Object.keys(PHONE_EXAMPLES).sort()).toEqual(PHONE_COUNTRIES.map((c) => c.code).sort())
    for (const country of PHONE_COUNTRIES) {
      expect(normalizePhoneNumber(PHONE_EXAMPLES[country.code], country), country.code).toMatchObject({
        ok: true,
      })
    }
  })
})

describe('normalizePhoneNumber', () => {
  it.each(['', ' ', '\t \n', '\u3000'])('asks for a number when the field is blank (%j)', (input) => {
    expect(normalizePhoneNumber(input, US)).toEqual({ ok: false, code: 'phone_required' })
  })

  it('strips formatting and prepends the dial code', () => {
    expect(normalizePhoneNumber(' (201) 555-0123 ', US)).toEqual({
      ok: true,
      number: '+12015550123',
      digits: '2015550123',
    })
    expect(normalizePhoneNumber('020 7946 0958', UK)).toMatchObject({ ok: true, number: '+4402079460958' })
  })

  it('counts full-width digits as digits', () => {
    expect(
      normalizePhoneNumber('０９０－１２３４－５６７８', { code: 'JP', name: 'Japan', dialCode: '+81' }),
    ).toMatchObject({ ok: true, number: '+8109012345678' })
  })

  it('needs 7 to 15 digits after the plus, dial code included', () => {
    expect(normalizePhoneNumber('12345', US)).toEqual({ ok: false, code: 'phone_invalid' }) // 6 digits
    expect(normalizePhoneNumber('123456', US)).toMatchObject({ ok: true, number: '+1123456' }) // 7
    expect(normalizePhoneNumber('1'.repeat(14), US)).toMatchObject({ ok: true }) // 15
    expect(normalizePhoneNumber('1'.repeat(15), US)).toEqual({ ok: false, code: 'phone_invalid' }) // 16
    expect(normalizePhoneNumber('-- --', US)).toEqual({ ok: false, code: 'phone_invalid' })
  })

  it('refuses letters instead of dropping them', () => {
    expect(normalizePhoneNumber('201555O123', US)).toEqual({ ok: false, code: 'phone_invalid' })
    expect(normalizePhoneNumber('call me maybe', US)).toEqual({ ok: false, code: 'phone_invalid' })
  })
})
