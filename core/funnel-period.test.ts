import { describe, expect, it } from 'vitest'
import { checkFunnelRange, FUNNEL_CUSTOM_MAX_DAYS, parseFunnelDay } from './rep-api.ts'

// The custom period's rule, which the funnel's API and the Activity page both apply. Today is
// Wednesday 6 January 2027 in UTC, late in the day.
const TODAY = new Date('2027-01-06T23:30:00Z')

describe('parseFunnelDay', () => {
  it('reads a YYYY-MM-DD day as its midnight UTC', () => {
    expect(parseFunnelDay('2027-01-06')).toBe(Date.UTC(2027, 0, 6))
    expect(parseFunnelDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29))
  })

  it('refuses a day that does not exist rather than rolling it over, and other shapes', () => {
    for (const value of [
      '2027-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-1-5',
      '06/01/2027',
      '',
      '2026-01-06T00:00',
    ])
      expect(parseFunnelDay(value), value).toBeNull()
  })
})

describe('checkFunnelRange', () => {
  it('accepts a day, a week, today and a year at most', () => {
    expect(checkFunnelRange('2027-01-06', '2027-01-06', TODAY)).toBeNull()
    expect(checkFunnelRange('2026-12-28', '2027-01-03', TODAY)).toBeNull()
    // 6 January 2026 to 6 January 2027, both included: 366 days.
    expect(checkFunnelRange('2026-01-06', '2027-01-06', TODAY)).toBeNull()
    expect(FUNNEL_CUSTOM_MAX_DAYS).toBe(366)
  })

  it('names the field and says what is wrong in words a rep reads', () => {
    expect(checkFunnelRange('', '2027-01-01', TODAY)).toEqual({
      field: 'from',
      message: 'Choose the first day of the period.',
    })
    expect(checkFunnelRange('2027-01-01', '', TODAY)).toEqual({
      field: 'to',
      message: 'Choose the last day of the period.',
    })
    expect(checkFunnelRange('2027-01-05', '2027-01-04', TODAY)).toEqual({
      field: 'to',
      message: 'The last day is before the first day.',
    })
    expect(checkFunnelRange('2026-01-05', '2027-01-06', TODAY)).toEqual({
      field: 'to',
      message: 'The period is 367 days long: choose at most a year (366 days).',
    })
    expect(checkFunnelRange('2027-01-01', '2027-01-07', TODAY)).toEqual({
      field: 'to',
      message: 'The last day is in the future: choose today or earlier.',
    })
    expect(checkFunnelRange('2027-01-07', '2027-01-08', TODAY)).toEqual({
      field: 'from',
      message: 'The first day is in the future: choose today or earlier.',
    })
    expect(checkFunnelRange('2027-02-30', '2027-01-01', TODAY)?.message).toBe(
      'The first day is not a date (write it as YYYY-MM-DD).',
    )
  })

  it('counts today in UTC, as the funnel’s days are', () => {
    // Just after midnight UTC on the 7th, the 7th is today, whatever the rep's own clock says.
    expect(checkFunnelRange('2027-01-07', '2027-01-07', new Date('2027-01-07T00:05:00Z'))).toBeNull()
    expect(checkFunnelRange('2027-01-07', '2027-01-07', new Date('2027-01-06T23:55:00Z'))?.field).toBe('from')
  })
})
