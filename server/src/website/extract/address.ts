/**
 * The city of a written address, only when the address's shape leaves no doubt: a US address
 * ("123 Main St, Springfield, IL 62704"), a UK one ("12 High Street, Bristol BS1 4DJ") or a
 * continental one ("Hauptstraße 5, 10115 Berlin"). Anything looser gives nothing: a wrong city is
 * worse than none, since the agent would say it to callers.
 */

const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND ' +
    'OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'
  ).split(' '),
)

/** A city's name: capitalised words, no digits ("Springfield", "St. Louis", "Winston-Salem", "Montréal"). */
const CITY = String.raw`\p{Lu}[\p{L}.'’\-]*(?:\s+\p{L}[\p{L}.'’\-]*){0,3}`
/** A street part: something with a house number in it. */
const STREET = String.raw`[^,\n]*\d[^,\n]*`

const US = new RegExp(
  String.raw`${STREET},(?:[^,\n]{1,40},)?\s*(${CITY}),?\s+(\p{Lu}{2})\s+\d{5}(?:-\d{4})?(?!\d)`,
  'u',
)
/** "Springfield, IL 62704" on a line of its own (the street on the line before). */
const US_CITY_LINE = new RegExp(String.raw`^(${CITY}),?\s+(\p{Lu}{2})\s+\d{5}(?:-\d{4})?$`, 'u')
const UK = new RegExp(String.raw`${STREET},\s*(${CITY}),?\s+[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b`, 'u')
const CONTINENTAL = new RegExp(
  String.raw`${STREET},\s*(?:[A-Z]{1,2}-)?\d{4,5}\s+(${CITY})(?:\s*,|\s*$|\s+\()`,
  'u',
)

const tidy = (city: string): string => city.trim().replace(/[.,]+$/, '')

/** The city of one address, written on one line; null when its shape is not certain. */
export function cityFromAddress(text: string): string | null {
  const line = text.replace(/\s+/g, ' ').trim()
  const us = US.exec(line)
  if (us?.[1] && us[2] && US_STATES.has(us[2])) return tidy(us[1])
  const uk = UK.exec(line)
  if (uk?.[1]) return tidy(uk[1])
  const continental = CONTINENTAL.exec(line)
  if (continental?.[1]) return tidy(continental[1])
  return null
}

/**
 * The city of the first certain address in a page's lines: a line alone, or a street line followed by
 * its "City, ST 12345" line.
 */
export function cityFromLines(lines: readonly string[]): string | null {
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? ''
    if (line.length > 200) continue
    const alone = cityFromAddress(line)
    if (alone) return alone
    const next = lines[index + 1]
    if (next && next.length <= 80 && /\d/.test(line) && line.length <= 80) {
      const cityLine = US_CITY_LINE.exec(next.trim())
      if (cityLine?.[1] && cityLine[2] && US_STATES.has(cityLine[2])) return tidy(cityLine[1])
      const joined = cityFromAddress(`${line}, ${next}`)
      if (joined) return joined
    }
  }
  return null
}
