import { foldText } from './html.ts'

/**
 * Opening hours in the words a caller hears: "Monday to Friday 8 am to 6 pm; Saturday 9 am to 1 pm;
 * closed on Sunday". Read from schema.org's two forms (`openingHours` strings such as
 * "Mo-Fr 08:00-18:00" and OpeningHoursSpecification objects) and from a page's visible lines
 * ("Mon–Fri: 8am – 6pm", "Sunday Closed"). The agent reads the field aloud, so times are on a
 * 12-hour clock with minutes only when there are some, consecutive days become ranges and days with
 * the same hours are said once. A day is said to be closed only when the site says so (schema.org's
 * 00:00–00:00, or "Closed" on the page): what a site leaves out is left out.
 */

/** Minutes from the start of the day; a close past midnight is over 1440 ("18:00-02:00" → 1080–1560). */
export type Interval = readonly [open: number, close: number]

export type DaySchedule = { closed: true } | { closed: false; intervals: Interval[] }

/** Monday first: index 0 is Monday, 6 is Sunday. */
export type Week = (DaySchedule | undefined)[]

const DAY = 24 * 60
const ALL_DAY: Interval = [0, DAY]
const DAY_WORDS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6]

const emptyWeek = (): Week => Array.from({ length: 7 }, () => undefined)

function addInterval(week: Week, day: number, interval: Interval): void {
  const current = week[day]
  if (!current || current.closed) {
    week[day] = { closed: false, intervals: [interval] }
    return
  }
  if (current.intervals.some(([open, close]) => open === interval[0] && close === interval[1])) return
  current.intervals.push(interval)
  current.intervals.sort((a, b) => a[0] - b[0])
}

/** Closed, unless hours for the day are known already (a day with hours is open). */
function setClosed(week: Week, day: number): void {
  if (!week[day]) week[day] = { closed: true }
}

const knownDays = (week: Week): number => week.filter((day) => day !== undefined).length
const openDays = (week: Week): number => week.filter((day) => day && !day.closed).length

// ---------------------------------------------------------------------------------------------------
// Words

/** "8 am", "8:30 am", "noon", "midnight". */
function timeWords(minutes: number): string {
  const inDay = minutes % DAY
  const hour = Math.floor(inDay / 60)
  const minute = inDay % 60
  if (minute === 0 && hour === 12) return 'noon'
  if (minute === 0 && hour === 0) return 'midnight'
  const clock = `${hour % 12 || 12}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}`
  return `${clock} ${hour < 12 ? 'am' : 'pm'}`
}

const isAllDay = (intervals: readonly Interval[]): boolean =>
  intervals.length === 1 && intervals[0]?.[0] === 0 && intervals[0][1] >= DAY

function hoursWords(intervals: readonly Interval[]): string {
  if (isAllDay(intervals)) return 'open 24 hours'
  return listWords(intervals.map(([open, close]) => `${timeWords(open)} to ${timeWords(close)}`))
}

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** "Monday to Friday", "Saturday and Sunday", "Monday, Wednesday and Friday", "every day". */
function dayWords(days: readonly number[]): string {
  if (days.length === 7) return 'every day'
  const parts: string[] = []
  let start = 0
  while (start < days.length) {
    let end = start
    while (end + 1 < days.length && (days[end + 1] ?? -1) === (days[end] ?? -2) + 1) end++
    const name = (index: number): string => DAY_WORDS[days[index] ?? 0] ?? ''
    if (end - start >= 2) parts.push(`${name(start)} to ${name(end)}`)
    else for (let index = start; index <= end; index++) parts.push(name(index))
    start = end + 1
  }
  return listWords(parts)
}

/**
 * The week in words, at most `max` characters (later groups dropped to fit, the closed days first);
 * null when no day is open.
 */
export function describeWeek(week: Week, max = 300): string | null {
  const groups = new Map<string, { days: number[]; intervals: readonly Interval[] }>()
  const closed: number[] = []
  week.forEach((schedule, day) => {
    if (!schedule) return
    if (schedule.closed) {
      closed.push(day)
      return
    }
    const key = schedule.intervals.map(([open, close]) => `${open}-${close}`).join(',')
    const group = groups.get(key)
    if (group) group.days.push(day)
    else groups.set(key, { days: [day], intervals: schedule.intervals })
  })
  if (groups.size === 0) return null
  const parts = [...groups.values()].map(({ days, intervals }) => {
    const daysSaid = dayWords(days)
    return isAllDay(intervals) && days.length === 7
      ? 'open 24 hours every day'
      : `${daysSaid} ${hoursWords(intervals)}`
  })
  if (closed.length > 0) parts.push(`closed on ${dayWords(closed)}`)
  for (let count = parts.length; count > 0; count--) {
    const text = parts.slice(0, count).join('; ')
    if ([...text].length <= max) return text.charAt(0).toUpperCase() + text.slice(1)
  }
  return null
}

// ---------------------------------------------------------------------------------------------------
// Tokens shared by schema.org strings and visible text

type Token =
  | { kind: 'days'; days: number[] }
  | { kind: 'time'; hour: number; minute: number; suffix: 'am' | 'pm' | null; padded: boolean }
  | { kind: 'range' }
  | { kind: 'list' }
  | { kind: 'group' }
  | { kind: 'closed' }
  | { kind: 'allday' }
  /** Words that go with hours without changing them ("open", "from", "hours"). */
  | { kind: 'filler' }
  /** Any other word. */
  | { kind: 'word' }

/** Day names and abbreviations (folded: lowercase, no accents), English and a few neighbours'. */
const DAY_NAMES: Record<string, number> = {}
const addNames = (day: number, names: string) => {
  for (const name of names.split(' ')) DAY_NAMES[name] = day
}
addNames(0, 'mo mon monday montag lundi lunes lunedi maandag')
addNames(1, 'tu tue tues tuesday dienstag mardi martes martedi dinsdag')
addNames(2, 'we wed weds wednesday mittwoch mercredi miercoles mercoledi woensdag')
addNames(3, 'th thu thur thurs thursday donnerstag jeudi jueves giovedi donderdag')
addNames(4, 'fr fri friday freitag vendredi viernes venerdi vrijdag')
addNames(5, 'sa sat saturday samstag sonnabend samedi sabado sabato zaterdag')
addNames(6, 'su sun sunday sonntag dimanche domingo domenica zondag')

/** Two-letter codes that are also everyday English words: schema.org strings only, never page text. */
const CODES_ONLY_IN_SCHEMA = new Set(['we', 'th'])

const DAY_SETS: Record<string, number[]> = {
  daily: ALL_DAYS,
  weekdays: [0, 1, 2, 3, 4],
  weekends: [5, 6],
  weekend: [5, 6],
}
const RANGE_WORDS = new Set(['to', 'through', 'thru', 'till', 'til', 'until', 'bis', 'au', 'al', 'a', 'tot'])
const LIST_WORDS = new Set(['and', 'und', 'et', 'y', 'e', 'en'])
const CLOSED_WORDS = new Set(['closed', 'geschlossen', 'ferme', 'cerrado', 'chiuso', 'gesloten', 'ruhetag'])
/** Words that go with hours without changing them. */
const FILLER_WORDS = new Set([
  'open',
  'opening',
  'opens',
  'hours',
  'hour',
  'hrs',
  'times',
  'from',
  'on',
  'at',
  'h',
  'uhr',
  'the',
  'of',
  'von',
  'de',
  'du',
  'le',
  'les',
  'van',
  'office',
  'store',
  'shop',
  'clinic',
  'we',
  're',
  'are',
  'is',
])

/** The text made uniform before tokens are read: one dash, "am"/"pm", whole-day and every-day phrases. */
function prepare(text: string): string {
  return foldText(text)
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\b([ap])\.\s?m\b\.?/g, '$1m')
    .replace(/\b(?:open\s+)?24\s*(?:\/\s*7|h\b|hrs?\b|hours?\b|std\b|heures\b)/g, ' allday ')
    .replace(/\baround the clock\b/g, ' allday ')
    .replace(
      /\b(?:every\s*day|7\s*days(?:\s*a\s*week)?|seven days(?:\s*a\s*week)?|taglich|tous les jours|todos los dias)\b/g,
      ' daily ',
    )
}

const TOKEN =
  /(?<!\d)(\d{1,2})(?:[:.h](\d{2}))?(?::\d{2}(?:\.\d+)?)?(?!\d)\s*(am|pm|a|p)?\b|([a-z]+)\.?|([-,&/;|])/g

function tokenize(text: string, schema: boolean): Token[] {
  const tokens: Token[] = []
  for (const match of prepare(text).matchAll(TOKEN)) {
    const [, hour, minute, suffix, word, mark] = match
    if (hour !== undefined) {
      const h = Number(hour)
      const m = minute === undefined ? 0 : Number(minute)
      if (h > 24 || m > 59) {
        tokens.push({ kind: 'word' })
        continue
      }
      const ampm = suffix === undefined ? null : suffix.startsWith('a') ? 'am' : 'pm'
      if (ampm && (h > 12 || h === 0)) {
        tokens.push({ kind: 'word' })
        continue
      }
      tokens.push({
        kind: 'time',
        hour: h,
        minute: m,
        suffix: ampm,
        padded: hour.length === 2 && hour.startsWith('0'),
      })
    } else if (word !== undefined) {
      tokens.push(wordToken(word, schema))
    } else if (mark !== undefined) {
      if (mark === '-') tokens.push({ kind: 'range' })
      else if (mark === ';' || mark === '|') tokens.push({ kind: 'group' })
      else tokens.push({ kind: 'list' })
    }
  }
  return tokens
}

function wordToken(word: string, schema: boolean): Token {
  const day = DAY_NAMES[word]
  if (day !== undefined && (schema || !CODES_ONLY_IN_SCHEMA.has(word))) return { kind: 'days', days: [day] }
  const set = DAY_SETS[word]
  if (set) return { kind: 'days', days: set }
  if (word === 'noon' || word === 'midday' || word === 'mittag') {
    return { kind: 'time', hour: 12, minute: 0, suffix: 'pm', padded: false }
  }
  if (word === 'midnight' || word === 'mitternacht')
    return { kind: 'time', hour: 0, minute: 0, suffix: 'am', padded: false }
  if (word === 'allday') return { kind: 'allday' }
  if (CLOSED_WORDS.has(word)) return { kind: 'closed' }
  if (RANGE_WORDS.has(word)) return { kind: 'range' }
  if (LIST_WORDS.has(word)) return { kind: 'list' }
  if (FILLER_WORDS.has(word)) return { kind: 'filler' }
  return { kind: 'word' }
}

type TimeToken = Extract<Token, { kind: 'time' }>

/**
 * Two times as an interval, with the am/pm a page leaves to the reader: "8-6pm" is 8 am to 6 pm,
 * "1-5pm" 1 pm to 5 pm, "9-5" 9 am to 5 pm; a close at or before the open is past midnight.
 */
function toInterval(open: TimeToken, close: TimeToken): Interval | null {
  let openSuffix = open.suffix
  let closeSuffix = close.suffix
  if (!openSuffix && closeSuffix) {
    openSuffix = open.hour % 12 <= close.hour % 12 ? closeSuffix : closeSuffix === 'pm' ? 'am' : 'pm'
  } else if (openSuffix && !closeSuffix) {
    closeSuffix = close.hour % 12 > open.hour % 12 ? openSuffix : openSuffix === 'am' ? 'pm' : 'am'
  }
  const minutes = (time: TimeToken, suffix: 'am' | 'pm' | null) =>
    suffix ? ((time.hour % 12) + (suffix === 'pm' ? 12 : 0)) * 60 + time.minute : time.hour * 60 + time.minute
  const start = minutes(open, openSuffix)
  let end = minutes(close, closeSuffix)
  // "9-5", "9:00-5:30": a 12-hour page that wrote no am/pm (a padded "01:00" is a 24-hour clock).
  if (!open.suffix && !close.suffix && open.hour <= 12 && close.hour < 12 && end <= start && !close.padded)
    end += 12 * 60
  if (start >= DAY) return null
  if (start === 0 && (end === DAY || end === DAY - 1)) return ALL_DAY
  if (end === DAY - 1) end = DAY
  if (end === start) return null
  if (end < start) end += DAY
  return [start, end]
}

interface ParsedHours {
  week: Week
  /** Words that are neither days, times nor the words around them. */
  strangeWords: number
}

/**
 * Reads tokens in order: days (single, lists, ranges, "daily"), then the times, "closed" or "24 hours"
 * that apply to them. Days named with no hours after them are open all day in schema.org's strings
 * ("Mo-Su"), and nothing on a page.
 */
function readTokens(tokens: readonly Token[], schema: boolean): ParsedHours {
  const week = emptyWeek()
  let strangeWords = 0
  let days: number[] = []
  let assigned = false
  let lastDay: number | null = null
  let pendingTime: TimeToken | null = null
  let previous: Token | null = null
  let beforePrevious: Token | null = null
  // "Open 24 hours, 7 days a week": the hours before the days they are for.
  let allDayFirst = false
  const finishDays = () => {
    if ((schema || allDayFirst) && !assigned) for (const day of days) addInterval(week, day, ALL_DAY)
  }
  for (const token of tokens) {
    if (token.kind === 'filler') continue
    switch (token.kind) {
      case 'days': {
        if (
          previous?.kind === 'range' &&
          beforePrevious?.kind === 'days' &&
          lastDay !== null &&
          token.days.length === 1
        ) {
          const last: number = token.days[0] ?? lastDay
          for (let day: number = (lastDay + 1) % 7, guard = 0; guard < 7; day = (day + 1) % 7, guard++) {
            if (!days.includes(day)) days.push(day)
            if (day === last) break
          }
          lastDay = last
          break
        }
        if (assigned) {
          days = []
          assigned = false
        }
        for (const day of token.days) if (!days.includes(day)) days.push(day)
        lastDay = token.days.length === 1 ? (token.days[0] ?? null) : null
        pendingTime = null
        break
      }
      case 'time': {
        if (previous?.kind === 'range' && pendingTime) {
          const interval = toInterval(pendingTime, token)
          if (interval) for (const day of days) addInterval(week, day, interval)
          if (interval && days.length > 0) assigned = true
          pendingTime = null
        } else {
          pendingTime = token
        }
        break
      }
      case 'closed':
        for (const day of days) setClosed(week, day)
        if (days.length > 0) assigned = true
        pendingTime = null
        break
      case 'allday':
        for (const day of days) addInterval(week, day, ALL_DAY)
        if (days.length > 0) assigned = true
        else allDayFirst = true
        pendingTime = null
        break
      case 'word':
        strangeWords++
        break
      case 'group':
        if (!assigned) finishDays()
        days = []
        assigned = false
        allDayFirst = false
        lastDay = null
        pendingTime = null
        break
      default:
        break
    }
    beforePrevious = previous
    previous = token
  }
  if (!assigned) finishDays()
  return { week, strangeWords }
}

// ---------------------------------------------------------------------------------------------------
// schema.org

/** "Monday", "https://schema.org/Monday", "schema:Monday", "Mo" → 0; null for PublicHolidays and others. */
function schemaDay(value: unknown): number | null {
  const raw =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object'
        ? ((value as Record<string, unknown>)['@id'] ?? (value as Record<string, unknown>).name)
        : null
  if (typeof raw !== 'string') return null
  const name = foldText(raw.trim().replace(/^.*[/:#]/, ''))
  return DAY_NAMES[name] ?? null
}

/** "08:00", "8:00", "08:00:00", "08:00:00+01:00", "T08:00" → minutes; null otherwise. */
function schemaClock(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const match = /^T?(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i.exec(value.trim())
  if (!match) return null
  const hour = Number(match[1])
  const minute = Number(match[2])
  if (hour > 24 || minute > 59 || (hour === 24 && minute > 0)) return null
  return hour * 60 + minute
}

const asArray = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value]

/** One OpeningHoursSpecification into the week. */
function addSpecification(week: Week, spec: Record<string, unknown>): void {
  const days = asArray(spec.dayOfWeek)
    .map(schemaDay)
    .filter((day): day is number => day !== null)
  if (days.length === 0) return
  const opens = schemaClock(spec.opens)
  const closes = schemaClock(spec.closes)
  if (opens === null || closes === null) {
    // A day named with no times at all is schema.org's way of saying closed only when both are absent
    // and nothing else is said; that is too thin to tell a caller, so it is left out.
    return
  }
  if (opens === closes) {
    for (const day of days) setClosed(week, day)
    return
  }
  let end = closes === DAY - 1 ? DAY : closes
  if (opens === 0 && end === DAY) {
    for (const day of days) addInterval(week, day, ALL_DAY)
    return
  }
  if (end <= opens) end += DAY
  for (const day of days) addInterval(week, day, [opens, end])
}

/**
 * schema.org's hours as a week: an `openingHours` string or strings ("Mo-Fr 08:00-18:00",
 * "Mo,We,Fr 09:00-17:00", "Mo-Su"), one OpeningHoursSpecification or several, or a mix. Null when
 * nothing in it names a day with hours. `resolve` follows `{"@id": …}` references.
 */
export function readOpeningHours(
  value: unknown,
  resolve: (value: unknown) => unknown = (v) => v,
): Week | null {
  const week = emptyWeek()
  for (const item of asArray(value).flat()) {
    const resolved = resolve(item)
    if (typeof resolved === 'string') {
      // schema.org's strings have a syntax: one with words outside it is not read as hours.
      const parsed = readTokens(tokenize(resolved, true), true)
      if (parsed.strangeWords === 0) mergeWeek(week, parsed.week)
    } else if (resolved && typeof resolved === 'object' && !Array.isArray(resolved)) {
      addSpecification(week, resolved as Record<string, unknown>)
    }
  }
  return openDays(week) > 0 ? week : null
}

function mergeWeek(into: Week, from: Week): void {
  from.forEach((schedule, day) => {
    if (!schedule) return
    if (schedule.closed) setClosed(into, day)
    else for (const interval of schedule.intervals) addInterval(into, day, interval)
  })
}

/** An OpeningHoursSpecification as JSON-LD writes it (`dayOfWeek` a name, an IRI or several). */
export interface OpeningHoursSpecificationInput {
  dayOfWeek?: unknown
  opens?: unknown
  closes?: unknown
  [property: string]: unknown
}

export type OpeningHoursInput =
  | string
  | OpeningHoursSpecificationInput
  | readonly (string | OpeningHoursSpecificationInput)[]

/**
 * schema.org hours in words: "Mo-Fr 08:00-18:00" or OpeningHoursSpecification objects (or a list of
 * either) → "Monday to Friday 8 am to 6 pm; Saturday 9 am to 1 pm". Null when no day is open. At most
 * `max` characters (the field's 300).
 */
export function describeOpeningHours(hours: OpeningHoursInput, max = 300): string | null {
  const week = readOpeningHours(hours)
  return week ? describeWeek(week, max) : null
}

// ---------------------------------------------------------------------------------------------------
// Visible text

/** A line that reads as hours: short, with a day and hours or "closed", and few other words. */
function readHoursLine(line: string): Week | null {
  if (line.length > 140) return null
  const { week, strangeWords } = readTokens(tokenize(line, false), false)
  if (knownDays(week) === 0 || strangeWords > 3) return null
  return week
}

/** Only days ("Monday", "Mon – Fri") or only hours ("8:00 – 18:00", "Closed"): half of a dt/dd pair. */
function isDaysOnly(line: string): boolean {
  if (line.length > 40) return false
  const tokens = tokenize(line, false).filter((token) => token.kind !== 'filler')
  return (
    tokens.some((token) => token.kind === 'days') &&
    tokens.every((token) => token.kind === 'days' || token.kind === 'range' || token.kind === 'list')
  )
}

/**
 * Hours from a page's visible lines: rows such as "Mon–Fri: 8am – 6pm", "Saturday 9:00-13:00" and
 * "Sunday Closed" (a day and its hours on separate lines, as in `<dt>`/`<dd>` pairs, are read as one).
 * Consecutive hour lines form one timetable; the page's fullest timetable is the answer, so a second,
 * different one (a holiday notice, another branch) is not mixed into it.
 */
export function readOpeningHoursLines(lines: readonly string[]): Week | null {
  let best: Week | null = null
  let current: Week | null = null
  const close = () => {
    if (current && openDays(current) > 0 && (!best || knownDays(current) > knownDays(best))) best = current
    current = null
  }
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? ''
    let week = readHoursLine(line)
    const next = lines[index + 1]
    if (isDaysOnly(line) && next !== undefined) {
      const joined = readHoursLine(`${line} ${next}`)
      if (joined && !week) {
        week = joined
        index++
      }
    }
    if (!week) {
      close()
      continue
    }
    current ??= emptyWeek()
    mergeWeek(current, week)
  }
  close()
  return best
}
