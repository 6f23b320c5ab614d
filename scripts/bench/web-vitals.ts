/** A layout shift as the browser reports it (`PerformanceObserver` type `layout-shift`). */
export interface ShiftEntry {
  readonly startTime: number
  readonly value: number
  readonly hadRecentInput: boolean
}

/** A long task (`PerformanceObserver` type `longtask`): the main thread was busy for > 50 ms. */
export interface TaskEntry {
  readonly startTime: number
  readonly duration: number
}

/**
 * CLS as Chrome and web-vitals define it since 2021: shifts without recent input are grouped into
 * session windows (a gap under 1 s, a window at most 5 s long); the score is the largest window's sum.
 */
export function computeCls(shifts: readonly ShiftEntry[]): number {
  let largest = 0
  let windowSum = 0
  let windowStart = Number.NEGATIVE_INFINITY
  let previous = Number.NEGATIVE_INFINITY
  for (const shift of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (shift.hadRecentInput) continue
    const startsNewWindow = shift.startTime - previous >= 1000 || shift.startTime - windowStart >= 5000
    if (startsNewWindow) {
      windowSum = 0
      windowStart = shift.startTime
    }
    windowSum += shift.value
    previous = shift.startTime
    largest = Math.max(largest, windowSum)
  }
  return largest
}

/**
 * Total blocking time between `from` (FCP) and `until`: for each long task, the part over 50 ms. A task
 * that began before FCP counts only from FCP on, as Lighthouse clips it.
 */
export function computeTbt(tasks: readonly TaskEntry[], from: number, until: number): number {
  let total = 0
  for (const task of tasks) {
    const start = Math.max(task.startTime, from)
    const end = Math.min(task.startTime + task.duration, until)
    if (end - start > 50) total += end - start - 50
  }
  return total
}

/** The middle value (the mean of the two middle values for an even count); NaN for none. */
export function getMedian(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const upper = sorted[middle] ?? Number.NaN
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2
}
