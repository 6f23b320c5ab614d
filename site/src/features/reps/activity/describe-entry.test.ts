import { describe, expect, it } from 'vitest'
import type { TimelineEntry } from '#core/engagement.ts'
import { describeCallReport, describeEvent } from './describe-entry.ts'

type EventEntry = Extract<TimelineEntry, { kind: 'event' }>
const event = (name: string, detail: EventEntry['detail'] = {}): EventEntry =>
  ({ kind: 'event', at: '2026-12-01T10:00:00Z', name, visit: 'abcd1234', detail }) as EventEntry

describe('describeEvent', () => {
  it('says where a page was opened, in words', () => {
    expect(describeEvent(event('page_opened', { surface: 'site', origin: 'https://demo.example' }))).toBe(
      'Opened the page on demo.example (their page, as the page reported)',
    )
    expect(describeEvent(event('page_opened', { surface: 'embed', origin: 'https://acme.example' }))).toBe(
      'Opened the page on acme.example (partner page, as the page reported)',
    )
    expect(describeEvent(event('page_opened', { surface: 'kiosk' }))).toBe('Opened the page')
    expect(describeEvent(event('page_opened', { surface: 'site', channel: 'email' }))).toBe(
      'Opened the page from email (their page)',
    )
    expect(
      describeEvent(
        event('page_opened', { surface: 'site', channel: 'linkedin', origin: 'https://demo.example' }),
      ),
    ).toBe('Opened the page from LinkedIn on demo.example (their page, as the page reported)')
    // A channel this page does not know is left out, never shown as its code.
    for (const channel of ['fax', 'constructor']) {
      expect(describeEvent(event('page_opened', { surface: 'site', channel }))).toBe(
        'Opened the page (their page)',
      )
    }
  })

  it('says a call the server placed as a fact, and a page\'s "Call Me" report as the page\'s word', () => {
    expect(describeEvent(event('phone_call_placed'))).toBe('Asked for a phone call · we called them')
    const outcome = (value: string) => describeEvent(event('phone_call_requested', { outcome: value }))
    const claim = 'The page says they asked for a phone call (not confirmed)'
    expect(outcome('placed')).toBe(`${claim} · we called them`)
    expect(outcome('refused')).toBe(`${claim} · not called: the number was refused or a limit was reached`)
    expect(outcome('failed')).toBe(`${claim} · not called: something went wrong`)
    expect(outcome('rate-limited')).toBe(`${claim} · rate limited`)
  })

  it('gives a call its length, and an event this page does not know its name as words', () => {
    expect(describeEvent(event('video_call_ended', { seconds: 65 }))).toBe(
      'Had a video call with the agent · 1 min 5 s',
    )
    expect(describeEvent(event('callback_requested'))).toBe('Callback requested')
  })

  it("says a booking the scheduler confirmed with whom and when, a cancelled one so, and a page's as its word", () => {
    const uri = 'https://api.calendly.com/scheduled_events/ABC'
    const startAt = '2026-12-08T15:30:00.000Z'
    const when = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(startAt))
    expect(describeEvent(event('meeting_confirmed', { rep: 'Sam Rivera', startAt }))).toBe(
      `Booked a call with Sam Rivera for ${when}`,
    )
    expect(describeEvent(event('meeting_confirmed', {}))).toBe('Booked a call')
    expect(describeEvent(event('meeting_canceled', { rep: 'Sam Rivera', startAt }))).toBe(
      `Booked a call with Sam Rivera for ${when}, then cancelled it`,
    )
    expect(describeEvent(event('meeting_booked', { eventUri: uri, rep: 'Sam Rivera' }))).toBe(
      'The page says they booked a call with Sam Rivera (not confirmed)',
    )
    expect(describeEvent(event('meeting_booked', { eventUri: uri }))).toBe(
      'The page says they booked a call (not confirmed)',
    )
    expect(describeEvent(event('meeting_booked', { eventUri: uri, rep: '  ' }))).toBe(
      'The page says they booked a call (not confirmed)',
    )
  })
})

describe('describeCallReport', () => {
  it('names the kind of call and its length', () => {
    const report = (source: 'browser' | 'phone', seconds: number | null, team = false) =>
      describeCallReport({
        kind: 'call_report',
        at: '2026-12-01T10:00:00Z',
        source,
        seconds,
        endedReason: null,
        summary: null,
        transcript: [],
        ...(team && { team: true as const }),
      })
    expect(report('browser', 192)).toBe('Browser call report · 3 min 12 s')
    expect(report('phone', null)).toBe('Phone call report')
    expect(report('browser', 48, true)).toBe('Your team tried the agent · browser call · 48 s')
    expect(report('phone', null, true)).toBe('Your team tried the agent · phone call')
    // Said as a person says it, never rounded up: a 95-second call is not "2 min".
    expect(report('phone', 95)).toBe('Phone call report · 1 min 35 s')
    expect(report('phone', 3720)).toBe('Phone call report · 1 h 2 min')
  })
})
