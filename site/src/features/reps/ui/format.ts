import type { Stamp } from '#core/rep-api.ts'

/** Counts in the pages' English: 9,812. */
const counts = new Intl.NumberFormat('en-US')
/** Dates and times in the rep's own locale and time zone. */
const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const dateTimes = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export const formatCount = (value: number): string => counts.format(value)

export const formatDate = (iso: string): string => format(dates, iso)

export const formatDateTime = (iso: string): string => format(dateTimes, iso)

/** Who did it: a rep's email, or the command line (an operator's import or edit). */
export const formatWho = (stamp: Stamp): string => stamp.rep?.email ?? 'the command line'

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date)
}
