/** One event of a Chrome trace (the fields this module reads). */
export interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly ts: number
  readonly dur?: number
  readonly pid: number
  readonly tid: number
  readonly args?: { readonly name?: string; readonly data?: Record<string, unknown> }
}

/** What the trace says about the main thread of the page at `pageUrl` while it booted. */
export interface BootTasks {
  /** The longest main-thread task (ms) in the window, whatever ran in it. */
  readonly longest: number
  /** The longest task (ms) that ran the widget's code; 0 when none did. */
  readonly longestWidget: number
}

/** The trace categories {@link readBootTasks} needs: tasks, what ran in them, and navigationStart. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
]

/**
 * Main-thread tasks (`RunTask`) of the page's renderer from navigation start until `untilMs` later.
 * A task counts as the widget's when something in it ran the widget's code: a script event whose URL
 * `isWidgetUrl` accepts (`EvaluateScript`, `FunctionCall`, `v8.compile…`), or a module evaluation
 * (`v8.evaluateModule` carries no URL; the benchmark pages have no module but the widget's core).
 * Style, layout and paint of the widget's shadow tree run in the page's rendering tasks, which count
 * in `longest` only.
 */
export function readBootTasks(
  events: readonly TraceEvent[],
  pageUrl: string,
  untilMs: number,
  isWidgetUrl: (url: string) => boolean,
): BootTasks {
  const start = events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === pageUrl,
  )
  if (!start) throw new Error(`the trace has no navigationStart for ${pageUrl}`)
  const mainThread = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.pid === start.pid &&
      event.args?.name === 'CrRendererMain',
  )
  const end = start.ts + untilMs * 1000
  const onMain = events.filter(
    (event) => event.ph === 'X' && event.pid === start.pid && event.tid === mainThread?.tid && event.ts < end,
  )
  const runsWidget = (event: TraceEvent) => {
    if (event.name === 'v8.evaluateModule') return true
    const url = event.args?.data?.url
    return typeof url === 'string' && isWidgetUrl(url)
  }
  let longest = 0
  let longestWidget = 0
  for (const task of onMain) {
    if (task.name !== 'RunTask' || task.ts + (task.dur ?? 0) < start.ts) continue
    const taskEnd = task.ts + (task.dur ?? 0)
    const ms = (task.dur ?? 0) / 1000
    longest = Math.max(longest, ms)
    const inside = onMain.some(
      (event) => event !== task && event.ts >= task.ts && event.ts <= taskEnd && runsWidget(event),
    )
    if (inside) longestWidget = Math.max(longestWidget, ms)
  }
  return { longest, longestWidget }
}
