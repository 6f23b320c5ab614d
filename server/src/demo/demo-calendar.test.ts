import { describe, expect, it } from 'vitest'
import {
  checkSlot,
  type DemoCalendar,
  freeSlots,
  getLocalNow,
  getTemplateCalendar,
  nextFreeDays,
  parseOpeningHours,
} from './demo-calendar.ts'

const h = (open: number, close: number) => ({ open: open * 60, close: close * 60 })

describe('opening hours in words', () => {
  it('reads what the website reader writes, and what people type', () => {
    expect(
      parseOpeningHours('Monday to Friday 8 am to 5 pm; Saturday 9 am to 1 pm; closed on Sunday'),
    ).toEqual({
      1: h(8, 17),
      2: h(8, 17),
      3: h(8, 17),
      4: h(8, 17),
      5: h(8, 17),
      6: h(9, 13),
    })
    expect(parseOpeningHours('Monday to Friday 8 am to 6 pm, Saturday 9 am to 1 pm')?.[6]).toEqual(h(9, 13))
    expect(parseOpeningHours('Mon-Fri 9-5, Sat 10:00-14:00')).toEqual({
      1: h(9, 17),
      2: h(9, 17),
      3: h(9, 17),
      4: h(9, 17),
      5: h(9, 17),
      6: h(10, 14),
    })
    expect(parseOpeningHours('Tue–Sun 11:30 am – 10 pm')?.[0]).toEqual({ open: 11 * 60 + 30, close: 22 * 60 })
    expect(parseOpeningHours('Friday to Monday noon to midnight')).toEqual({
      5: h(12, 24),
      6: h(12, 24),
      0: h(12, 24),
      1: h(12, 24),
    })
  })

  it('gives up on what it cannot read, so the kind of business decides', () => {
    for (const text of [null, '', 'By appointment only', 'Open every day', 'Monday 5 pm to 9 am']) {
      expect(parseOpeningHours(text), String(text)).toBeNull()
    }
    expect(getTemplateCalendar('dental').week[6]).toEqual(h(9, 13))
    expect(getTemplateCalendar('no-such-template')).toBe(getTemplateCalendar('general'))
  })
})

describe('the business clock', () => {
  it('reads the wall clock of the time zone', () => {
    const at = new Date('2026-11-30T14:05:00Z')
    expect(getLocalNow(at, 'America/New_York')).toEqual({ date: '2026-11-30', minutes: 9 * 60 + 5 })
    expect(getLocalNow(at, 'Asia/Tokyo')).toEqual({ date: '2026-11-30', minutes: 23 * 60 + 5 })
    expect(getLocalNow(new Date('2026-11-30T02:00:00Z'), 'America/Los_Angeles').date).toBe('2026-11-29')
  })
})

describe('slots', () => {
  // Monday 30 November 2026, 10:10 on the business's clock.
  const calendar: DemoCalendar = {
    week: { 1: h(9, 12), 2: h(9, 12) },
    minutes: 30,
    seed: 'bright-smile-dental',
    now: { date: '2026-11-30', minutes: 10 * 60 + 10 },
    appointments: [],
  }

  it('offers only open, future, free times on the grid, the same ones every time', () => {
    const today = freeSlots(calendar, '2026-11-30')
    expect(today.every((start) => start > '2026-11-30T10:10')).toBe(true)
    expect(freeSlots(calendar, '2026-12-01')).toEqual(freeSlots(calendar, '2026-12-01'))
    expect(freeSlots(calendar, '2026-12-02')).toEqual([])
    const tuesdays = ['2026-12-01', '2026-12-08'].flatMap((date) => freeSlots(calendar, date))
    // Six slots a morning; about three in ten are already taken.
    expect(tuesdays.length).toBeGreaterThan(4)
    expect(tuesdays.length).toBeLessThan(12)
  })

  it('says why a time cannot be booked', () => {
    const free = freeSlots(calendar, '2026-12-01')[0] as string
    expect(checkSlot(calendar, free)).toBeNull()
    expect(checkSlot(calendar, '2026-11-30T09:30')).toBe('past')
    expect(checkSlot(calendar, '2026-11-27T09:30')).toBe('past')
    expect(checkSlot(calendar, '2026-12-01T13:00')).toBe('closed')
    expect(checkSlot(calendar, '2026-12-01T11:45')).toBe('closed')
    expect(checkSlot(calendar, '2026-12-01T09:10')).toBe('off_grid')
    expect(checkSlot(calendar, '2026-12-29T09:00')).toBe('too_far')
    expect(checkSlot(calendar, 'tomorrow at nine')).toBe('malformed')
    expect(checkSlot(calendar, '2026-02-31T09:00')).not.toBeNull()
    const booked = {
      ...calendar,
      appointments: [{ reference: 'B-1', start: free, minutes: 30, name: 'A', reason: null }],
    }
    expect(checkSlot(booked, free)).toBe('taken')
    // Moving a booking to its own time is no clash with itself.
    expect(checkSlot(booked, free, 'B-1')).toBeNull()
    const all = [
      '2026-12-01T09:00',
      '2026-12-01T09:30',
      '2026-12-01T10:00',
      '2026-12-01T10:30',
      '2026-12-01T11:00',
      '2026-12-01T11:30',
    ]
    const taken = all.filter((start) => checkSlot(calendar, start) === 'taken')
    expect(taken).toEqual(all.filter((start) => !freeSlots(calendar, '2026-12-01').includes(start)))
  })

  it('finds the next days with free times, skipping closed ones', () => {
    const days = nextFreeDays(calendar, 3)
    expect(days).toHaveLength(3)
    for (const { date, slots } of days) {
      expect([1, 2]).toContain(new Date(`${date}T00:00:00Z`).getUTCDay())
      expect(slots).toEqual(freeSlots(calendar, date))
      expect(slots.length).toBeGreaterThan(0)
    }
    expect(days.map((day) => day.date)).toEqual([...days.map((day) => day.date)].sort())
  })
})
