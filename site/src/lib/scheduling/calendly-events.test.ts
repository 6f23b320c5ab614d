import { describe, expect, it } from 'vitest'
import { isMeetingScheduled, readCalendlyEvent, readScheduledEventUri } from './calendly-events.ts'

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

  it("reads the booked meeting's address from Calendly's message, and nothing else", () => {
    const uri = 'https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2'
    const message = (origin: string, data: unknown) => readScheduledEventUri({ origin, data })
    const booked = { event: 'calendly.event_scheduled', payload: { event: { uri } } }
    expect(message('https://calendly.com', booked)).toBe(uri)
    expect(message('https://evil.example', booked)).toBeNull()
    expect(message('https://calendly.com', { ...booked, event: 'calendly.event_type_viewed' })).toBeNull()
    expect(message('https://calendly.com', { event: 'calendly.event_scheduled', payload: {} })).toBeNull()
    expect(
      message('https://calendly.com', {
        event: 'calendly.event_scheduled',
        payload: { event: { uri: 'javascript:1' } },
      }),
    ).toBeNull()
  })
})
