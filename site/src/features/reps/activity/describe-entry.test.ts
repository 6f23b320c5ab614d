import { describe, expect, it } from 'vitest'
import type { TimelineEntry } from '#core/engagement.ts'
import { describeCallReport, describeEvent } from './describe-entry.ts'

type EventEntry = Extract<TimelineEntry, { kind: 'event' }>
const event = (name: string, detail: EventEntry['detail'] = {}): EventEntry =>
  ({ kind: 'event', at: '2026-12-01T10:00:00Z', name, visit: 'abcd1234', detail }) as EventEntry

describe('describeEvent', () => {
  it('says where a page was opened, in words', () => {
    expect(describeEvent(event('page_opened', { surface: 'site', origin: 'https://demo.example' }))).toBe(
      'Opened the page on demo.example (their page)',
    )
    expect(describeEvent(event('page_opened', { surface: 'embed', origin: 'https://acme.example' }))).toBe(
      'Opened the page on acme.example (partner page)',
    )
    expect(describeEvent(event('page_opened', { surface: 'kiosk' }))).toBe('Opened the page')
  })

  it('words each way a "Call Me" ended, and an unknown one without its dashes', () => {
    const outcome = (value: string) => describeEvent(event('phone_call_requested', { outcome: value }))
    expect(outcome('placed')).toBe('Asked for a phone call · we called them')
    expect(outcome('refused')).toBe(
      'Asked for a phone call · not called: the number was refused or a limit was reached',
    )
    expect(outcome('failed')).toBe('Asked for a phone call · not called: something went wrong')
    expect(outcome('rate-limited')).toBe('Asked for a phone call · rate limited')
  })

  it('gives a call its length, and an event this page does not know its name as words', () => {
    expect(describeEvent(event('video_call_ended', { seconds: 65 }))).toBe(
      'Had a video call with the agent · 1:05',
    )
    expect(describeEvent(event('callback_requested'))).toBe('Callback requested')
  })

  it('names the rep a call was booked with, and says only "Booked a meeting" for the team\'s scheduler', () => {
    const uri = 'https://api.calendly.com/scheduled_events/ABC'
    expect(describeEvent(event('meeting_booked', { eventUri: uri, rep: 'Sam Rivera' }))).toBe(
      'Booked a call with Sam Rivera',
    )
    expect(describeEvent(event('meeting_booked', { eventUri: uri }))).toBe('Booked a meeting')
    expect(describeEvent(event('meeting_booked', { eventUri: uri, rep: '  ' }))).toBe('Booked a meeting')
  })
})

describe('describeCallReport', () => {
  it('names the kind of call and its length', () => {
    const report = (source: 'browser' | 'phone', seconds: number | null) =>
      describeCallReport({
        kind: 'call_report',
        at: '2026-12-01T10:00:00Z',
        source,
        seconds,
        endedReason: null,
        summary: null,
        transcript: [],
      })
    expect(report('browser', 192)).toBe('Browser call report · 3:12')
    expect(report('phone', null)).toBe('Phone call report')
  })
})
