import { describe, expect, it } from 'vitest'
import { isMeetingScheduled, readCalendlyEvent } from './calendly-events.ts'

const scheduled = { event: 'calendly.event_scheduled', payload: {} }

describe('readCalendlyEvent', () => {
  it('reads Calendly events posted from https://calendly.com', () => {
    expect(readCalendlyEvent({ origin: 'https://calendly.com', data: scheduled })).toBe(
      'calendly.event_scheduled',
    )
    expect(isMeetingScheduled({ origin: 'https://calendly.com', data: scheduled })).toBe(true)
  })

  it('ignores the same message from any other origin', () => {
    for (const origin of [
      'https://evil.example',
      'http://calendly.com',
      'https://calendly.com.evil.example',
      'null',
    ]) {
      expect(readCalendlyEvent({ origin, data: scheduled })).toBeNull()
      expect(isMeetingScheduled({ origin, data: scheduled })).toBe(false)
    }
  })

  it('ignores messages that are not Calendly events', () => {
    const fromCalendly = (data: unknown) => readCalendlyEvent({ origin: 'https://calendly.com', data })
    expect(fromCalendly('calendly.event_scheduled')).toBeNull()
    expect(fromCalendly(null)).toBeNull()
    expect(fromCalendly({ event: 'other.event' })).toBeNull()
    expect(fromCalendly({ event: 42 })).toBeNull()
    expect(
      isMeetingScheduled({ origin: 'https://calendly.com', data: { event: 'calendly.page_height' } }),
    ).toBe(false)
  })
})
