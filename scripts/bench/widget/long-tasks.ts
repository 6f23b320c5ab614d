import type { TaskEntry } from '../web-vitals.ts'

/** The Long Tasks API's line: a task longer than this is long, and blocks for what it runs over it. */
export const LONG_TASK_MS = 50

/** The long tasks a page's own `PerformanceObserver` saw in a window. */
export interface LongTaskSummary {
  readonly count: number
  /** Total blocking time: the sum of each task's duration − 50 ms. */
  readonly tbt: number
  /** Each task's duration (ms), in the order they ran. */
  readonly durations: readonly number[]
}

/**
 * The long tasks that began in `[from, until)` (ms from navigation start). Unlike Lighthouse's TBT
 * (../web-vitals.ts, `computeTbt`), nothing is clipped at FCP: a task before the first paint blocks the
 * page as well. A task that began in the window counts whole. The API reports only tasks over 50 ms;
 * the filter keeps the figure honest should a browser ever report shorter ones.
 */
export function summarizeLongTasks(
  tasks: readonly TaskEntry[],
  { from = 0, until }: { from?: number; until: number },
): LongTaskSummary {
  const inWindow = tasks
    .filter((task) => task.startTime >= from && task.startTime < until && task.duration > LONG_TASK_MS)
    .sort((a, b) => a.startTime - b.startTime)
  return {
    count: inWindow.length,
    tbt: inWindow.reduce((total, task) => total + task.duration - LONG_TASK_MS, 0),
    durations: inWindow.map((task) => task.duration),
  }
}
