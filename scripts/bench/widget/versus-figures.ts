import { getMedian } from '../web-vitals.ts'

/** One load of a widget on the neutral host page, as the side-by-side bench reads it. */
export interface VersusLoad {
  /** ms from the page's own content painted to the frame that painted the widget's buttons, same load. */
  readonly sinceContent: number
  /** Bytes of the widget's own files on the wire (compressed bodies) finished before its buttons showed. */
  readonly bytes: number
  /** Long tasks (Long Tasks API) from its first file's arrival until a second after the buttons showed. */
  readonly longTasks: number
}

/** Ours must show its buttons in at most this share of Cal.com's time, on each profile. */
export const VERSUS_BUDGET = 0.8

export interface VersusSummary {
  readonly sinceContent: number
  readonly bytes: number
  readonly longTasks: number
  /** The most long tasks in any one load. */
  readonly worstLongTasks: number
}

export function summarizeLoads(loads: readonly VersusLoad[]): VersusSummary {
  return {
    sinceContent: getMedian(loads.map((load) => load.sinceContent)),
    bytes: getMedian(loads.map((load) => load.bytes)),
    longTasks: getMedian(loads.map((load) => load.longTasks)),
    worstLongTasks: loads.length === 0 ? Number.NaN : Math.max(...loads.map((load) => load.longTasks)),
  }
}

/**
 * Ours against theirs on one profile: the ratio of the medians, and whether it meets
 * {@link VERSUS_BUDGET} with no long task in any load of ours. A Cal.com time of 0 or less (buttons in
 * the very frame of the content) leaves no ratio to judge: it fails rather than passes.
 */
export function judgeVersus(ours: VersusSummary, theirs: VersusSummary): { ratio: number; pass: boolean } {
  const ratio = theirs.sinceContent > 0 ? ours.sinceContent / theirs.sinceContent : Number.NaN
  return { ratio, pass: ratio <= VERSUS_BUDGET && ours.worstLongTasks === 0 }
}

/**
 * Whether the machine was too busy for the figures to judge anything: a 1-minute load average above
 * its core count at the start or the end of the run means other work shared the CPU with the browsers
 * (the figures then measure the machine). Null when it was quiet enough; else the sentence to print.
 */
export function busyVerdict(loadAtStart: number, loadAtEnd: number, cores: number): string | null {
  const worst = Math.max(loadAtStart, loadAtEnd)
  if (worst <= cores) return null
  return (
    `The machine was too busy to judge: load average ${loadAtStart.toFixed(1)} at the start and ` +
    `${loadAtEnd.toFixed(1)} at the end, on ${cores} cores. Run it again on a quiet machine.`
  )
}
