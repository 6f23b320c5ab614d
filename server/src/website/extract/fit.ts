import { fieldValuePasses, PROSPECT_FIELD_RULES } from '#core/prospect-fields.ts'
import type { WebsiteFactField } from '#core/website-reading.ts'

/**
 * Every proposal is made to fit its field's rule (core/prospect-fields.ts) before it is offered: a
 * rep accepts it with one click, so a value the form would then refuse is no proposal at all. Text
 * from a page is cleaned (no control characters, no line breaks, no placeholder marks), cut at a
 * sentence or word boundary when too long (an address, a city, a colour or a number never: those are
 * dropped), and finally checked by the rule itself; what still fails
 * is dropped.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g
const PLACEHOLDER_MARKS = /\{\{|\}\}|\{%|%\}/g
/** Invisible format characters (zero-width spaces, direction marks, BOM) that pages scatter in text. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g

/** Text on one line: controls and invisible marks gone, placeholder marks gone, whitespace collapsed. */
export function cleanLine(text: string): string {
  let value = text.replace(CONTROL, ' ').replace(INVISIBLE, '')
  // Removing "{{" from "{{{" leaves "{": repeat until no mark is left.
  for (let previous = ''; previous !== value; ) {
    previous = value
    value = value.replace(PLACEHOLDER_MARKS, '')
  }
  return value.replace(/\s+/g, ' ').trim()
}

/** Length in code points, as the rule counts it. */
export const codePoints = (text: string): number => [...text].length

export interface TruncateOptions {
  /** Prefer ending after a whole sentence (descriptions). */
  sentences?: boolean
}

/**
 * `text` cut to at most `max` code points: after the last whole sentence that keeps at least half the
 * room (when asked), else after the last whole word with "…"; null when not even one word fits, so a
 * word is never cut in two.
 */
export function truncateText(text: string, max: number, options: TruncateOptions = {}): string | null {
  const chars = [...text]
  if (chars.length <= max) return text
  const room = chars.slice(0, max).join('')
  if (options.sentences) {
    const sentenceEnds = [...text.matchAll(/[.!?](?=\s)/g)]
      .map((match) => match.index + 1)
      .filter((end) => end <= room.length)
    const last = sentenceEnds.at(-1)
    if (last !== undefined && last >= max / 2) return room.slice(0, last)
  }
  // The ellipsis takes the place of the space after the last whole word.
  const space = room.lastIndexOf(' ')
  if (space <= 0) return null
  const words = room.slice(0, space).replace(/[\s,;:–—-]+$/, '')
  return words === '' ? null : `${words}…`
}

/** A list read aloud: "A", "A and B", "A, B and C". */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** As many of `items` (in order) as fit in `max` once joined; null when not even the first fits. */
export function joinWithin(items: readonly string[], max: number): string | null {
  for (let count = items.length; count > 0; count--) {
    const joined = joinWords(items.slice(0, count))
    if (codePoints(joined) <= max) return joined
  }
  return null
}

/** Whether `value` passes the field's rule as the form and API check it. */
export function passesFieldRule(
  field: WebsiteFactField,
  value: string,
  templateIds: readonly string[],
): boolean {
  return fieldValuePasses(field, value, { templateIds })
}

/** The field's maximum length. */
export const fieldMax = (field: WebsiteFactField): number => PROSPECT_FIELD_RULES[field].max

/**
 * A phone number as the site writes it when the rule accepts that ("+1-217-555-0134",
 * "512.555.0147"); else with brackets turned to spaces ("(207) 555-0188" → "207 555-0188"); else its
 * digits alone (a leading + kept). Null when it has too few or too many digits to be dialled.
 */
export function fitPhone(raw: string, templateIds: readonly string[]): string | null {
  const written = cleanLine(raw.replace(/^tel:/i, ''))
    .replace(/^(?:telephone|phone|tel|call(?: us)?)\s*[:.]?\s*/i, '')
    .trim()
  const digits = written.replace(/\D/g, '')
  if (digits.length < 5 || digits.length > 17) return null
  const passes = (value: string) => passesFieldRule('phone', value, templateIds)
  if (passes(written)) return written
  const unbracketed = written
    .replace(/[()[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[^0-9+]+/, '')
    .replace(/\s*([-./])\s*/g, '$1')
    .trim()
  if (passes(unbracketed)) return unbracketed
  const plain = (written.trimStart().startsWith('+') ? '+' : '') + digits
  return passes(plain) ? plain : null
}

/** "#abc" → "#aabbcc", "#AABBCC" → "#aabbcc", "rgb(12, 74, 110)" → "#0c4a6e"; null for anything else. */
export function normalizeColor(raw: string): string | null {
  const value = raw.trim().toLowerCase()
  const hex = /^#([0-9a-f]{3,8})$/.exec(value)?.[1]
  if (hex) {
    if (hex.length === 3 || hex.length === 4) return `#${[...hex.slice(0, 3)].map((c) => c + c).join('')}`
    if (hex.length === 6 || hex.length === 8) return `#${hex.slice(0, 6)}`
    return null
  }
  const rgb =
    /^rgba?\(\s*(\d{1,3})(?:\s*,\s*|\s+)(\d{1,3})(?:\s*,\s*|\s+)(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(
      value,
    )
  if (rgb) {
    const channels = rgb.slice(1, 4).map(Number)
    if (channels.some((channel) => channel > 255)) return null
    return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
  }
  return null
}

/** An absolute http(s) address that fits the field as it is (an address is never shortened). */
export function fitUrl(raw: string, base: string, max: number): string | null {
  try {
    const url = new URL(raw.trim(), base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username || url.password) return null
    const href = url.href
    return codePoints(href) <= max ? href : null
  } catch {
    return null
  }
}

/**
 * The value the field would take from `raw`, within its rule, or null. `base` resolves relative
 * addresses (booking links).
 */
export function fitFact(
  field: WebsiteFactField,
  raw: string,
  templateIds: readonly string[],
  base = 'https://invalid.invalid/',
): string | null {
  const max = fieldMax(field)
  let value: string | null
  switch (field) {
    case 'phone':
      value = fitPhone(raw, templateIds)
      break
    case 'theme_color':
      value = normalizeColor(cleanLine(raw))
      break
    case 'booking_link':
      value = fitUrl(cleanLine(raw), base, max)
      break
    case 'template':
    case 'logo':
    // A city cut short names another place, or none: too long is dropped, not shortened.
    case 'city':
      value = cleanLine(raw)
      if (codePoints(value) > max) value = null
      break
    case 'description':
      value = truncateText(cleanLine(raw), max, { sentences: true })
      break
    default:
      value = truncateText(cleanLine(raw), max)
  }
  if (value === null || value === '') return null
  return passesFieldRule(field, value, templateIds) ? value : null
}
