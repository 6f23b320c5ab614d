import type { DemoAppointment } from '#core/demo-actions.ts'

/**
 * The demo calendar of a prospect's business: plausible opening hours (its own, when its details say
 * them in words we can read, else its kind of business's), slots of a fixed length, and a few already
 * taken, the same ones every time for the same business and day, so the agent's answers hold up when a
 * prospect asks twice. Pure: the clock and the time zone come in.
 */

/** Minutes from midnight, opening and closing, for each day of the week (0 = Sunday); absent: closed. */
export type WeekHours = Partial<Record<number, { open: number; close: number }>>

/** How far ahead the demo calendar goes. */
export const CALENDAR_DAYS = 14
/** Of every ten slots, about this many are already taken. */
const TAKEN_IN_TEN = 3

const hours = (open: number, close: number) => ({ open: open * 60, close: close * 60 })
const weekdays = (open: number, close: number, saturday?: [number, number]): WeekHours => ({
  1: hours(open, close),
  2: hours(open, close),
  3: hours(open, close),
  4: hours(open, close),
  5: hours(open, close),
  ...(saturday ? { 6: hours(...saturday) } : {}),
})

/** Each kind of business's usual week and slot length, for a business whose own hours we cannot read. */
export const TEMPLATE_CALENDARS: Record<string, { week: WeekHours; minutes: number }> = {
  general: { week: weekdays(9, 17), minutes: 30 },
  dental: { week: weekdays(8, 17, [9, 13]), minutes: 30 },
  medical: { week: weekdays(8, 18), minutes: 15 },
  'salon-studio': { week: { ...weekdays(10, 19, [9, 17]) }, minutes: 45 },
  'home-services': { week: weekdays(8, 17, [9, 13]), minutes: 120 },
  'law-firm': { week: weekdays(9, 17), minutes: 30 },
  'real-estate': { week: weekdays(9, 18, [10, 16]), minutes: 30 },
  restaurant: {
    week: {
      0: hours(17, 21),
      2: hours(17, 22),
      3: hours(17, 22),
      4: hours(17, 22),
      5: hours(17, 23),
      6: hours(17, 23),
    },
    minutes: 30,
  },
}

export function getTemplateCalendar(template: string | null): { week: WeekHours; minutes: number } {
  return (
    (template !== null && TEMPLATE_CALENDARS[template]) ||
    (TEMPLATE_CALENDARS.general as { week: WeekHours; minutes: number })
  )
}

const DAY_NAMES: [RegExp, number][] = [
  [/^sun/, 0],
  [/^mon/, 1],
  [/^tue/, 2],
  [/^wed/, 3],
  [/^thu/, 4],
  [/^fri/, 5],
  [/^sat/, 6],
]

const dayOf = (word: string): number | null => DAY_NAMES.find(([pattern]) => pattern.test(word))?.[1] ?? null

const DAY = String.raw`(sun|mon|tue|wed|thu|fri|sat)[a-z]*\.?`
const TIME = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?|noon|midnight`
const SEGMENT = new RegExp(
  String.raw`(${DAY})(?:\s*(?:to|-|–|—|through|thru)\s*(${DAY}))?[\s:,]*(?:from\s+)?(${TIME})\s*(?:to|-|–|—|until|till)\s*(${TIME})`,
  'i',
)

/** `9`, `9:30`, `5 pm`, `17:00`, `noon` as minutes from midnight; a bare small hour closing the day is afternoon. */
function toMinutes(text: string, closing: boolean, openedAt: number | null): number | null {
  const word = text.trim().toLowerCase()
  if (word === 'noon') return 12 * 60
  if (word === 'midnight') return 24 * 60
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?$/.exec(word)
  if (!match) return null
  let hour = Number(match[1])
  const minute = Number(match[2] ?? 0)
  const meridiem = match[3]?.[0]
  if (hour > 24 || minute > 59) return null
  if (meridiem === 'p' && hour < 12) hour += 12
  if (meridiem === 'a' && hour === 12) hour = 0
  // "9-5": a closing hour before the opening one, without am or pm, is in the afternoon.
  if (!meridiem && closing && openedAt !== null && hour * 60 + minute <= openedAt && hour < 12) hour += 12
  return hour * 60 + minute
}

/**
 * Reads opening hours written in words: "Monday to Friday 8 am to 5 pm; Saturday 9 am to 1 pm; closed
 * on Sunday" (as the website reader writes them), "Mon-Fri 9-5, Sat 10:00-14:00". Null when no part
 * of it reads as days with hours: the caller then uses the kind of business's usual week.
 */
export function parseOpeningHours(text: string | null): WeekHours | null {
  if (!text) return null
  const week: WeekHours = {}
  let found = false
  for (const part of text.split(/[;\n]|,(?=\s*(?:sun|mon|tue|wed|thu|fri|sat))/i)) {
    const match = SEGMENT.exec(part)
    if (!match) continue
    const first = dayOf(match[1]?.toLowerCase() ?? '')
    const last = match[3] ? dayOf(match[3].toLowerCase()) : first
    const open = toMinutes(match[5] ?? '', false, null)
    const close = toMinutes(match[9] ?? '', true, open)
    if (first === null || last === null || open === null || close === null || close <= open) continue
    for (let day = first, steps = 0; steps < 7; day = (day + 1) % 7, steps++) {
      week[day] = { open, close }
      if (day === last) break
    }
    found = true
  }
  return found ? week : null
}

/** A moment as the business's wall clock reads it in `timeZone`. */
export interface LocalNow {
  /** `YYYY-MM-DD` */
  date: string
  /** Minutes from midnight. */
  minutes: number
}

export function getLocalNow(now: Date, timeZone: string): LocalNow {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  }
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay()
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** A small, stable hash: the same business and slot are taken or free every time. */
function hash(text: string): number {
  let value = 2166136261
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 16777619)
  return value >>> 0
}

export interface DemoCalendar {
  week: WeekHours
  minutes: number
  /** Whose calendar it is: decides which slots are already taken. */
  seed: string
  now: LocalNow
  /** What this visit booked already. */
  appointments: readonly DemoAppointment[]
}

/** Why a time cannot be booked, or null when it can. */
export type SlotProblem = 'malformed' | 'past' | 'too_far' | 'closed' | 'off_grid' | 'taken'

/** Every slot start of a day, `YYYY-MM-DDTHH:MM`, open or not. */
function slotsOf(calendar: DemoCalendar, date: string): string[] {
  const day = calendar.week[weekdayOf(date)]
  if (!day) return []
  const starts: string[] = []
  for (let start = day.open; start + calendar.minutes <= day.close; start += calendar.minutes)
    starts.push(`${date}T${clock(start)}`)
  return starts
}

const takenBefore = (calendar: DemoCalendar, start: string) =>
  hash(`${calendar.seed}|${start}`) % 10 < TAKEN_IN_TEN

export function checkSlot(
  calendar: DemoCalendar,
  start: string,
  ignoreReference?: string,
): SlotProblem | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(start)
  if (!match || Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`))) return 'malformed'
  const date = match[1] as string
  const minutes = Number(match[2]) * 60 + Number(match[3])
  if (date < calendar.now.date || (date === calendar.now.date && minutes <= calendar.now.minutes))
    return 'past'
  if (date > addDays(calendar.now.date, CALENDAR_DAYS)) return 'too_far'
  const day = calendar.week[weekdayOf(date)]
  if (!day || minutes < day.open || minutes + calendar.minutes > day.close) return 'closed'
  if (!slotsOf(calendar, date).includes(start)) return 'off_grid'
  if (takenBefore(calendar, start)) return 'taken'
  if (calendar.appointments.some((a) => a.start === start && a.reference !== ignoreReference)) return 'taken'
  return null
}

/** The free slots of one day, from now on. */
export function freeSlots(calendar: DemoCalendar, date: string): string[] {
  return slotsOf(calendar, date).filter((start) => checkSlot(calendar, start) === null)
}

/** The next days with free slots, from `from` on (today by default), at most `maxDays` of them. */
export function nextFreeDays(
  calendar: DemoCalendar,
  maxDays: number,
  from = calendar.now.date,
): { date: string; slots: string[] }[] {
  const days: { date: string; slots: string[] }[] = []
  for (let offset = 0; days.length < maxDays; offset++) {
    const date = addDays(from, offset)
    if (date > addDays(calendar.now.date, CALENDAR_DAYS)) break
    const slots = freeSlots(calendar, date)
    if (slots.length > 0) days.push({ date, slots })
  }
  return days
}
