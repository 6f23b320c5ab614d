import type { TaskEntry } from '../web-vitals.ts'

/** What the page recorded about its own boot, read once the widget's buttons (or its content) showed. */
export interface PageProbeRecord {
  /** ms from navigation start to the frame that painted the page's own content (`#bench-content`). */
  readonly content: number
  /** ms from navigation start to the frame that painted both of the widget's buttons; 0 on the bare page. */
  readonly buttons: number
  readonly fcp: number
  /**
   * Every long task the page's own `PerformanceObserver({ type: 'longtask', buffered: true })` saw,
   * from navigation start until read (ms from navigation start): what the page's scripts, and the
   * total blocking time built on them, would count.
   */
  readonly longTasks: readonly TaskEntry[]
  /** Every resource the page fetched, with when it finished (ms from navigation start). */
  readonly resources: readonly {
    readonly url: string
    readonly responseEnd: number
    readonly encodedBodySize: number
  }[]
}

/**
 * Installed before any page script (`addInitScript`): polls once per animation frame until the page's
 * content (and, on the widget page, the panel's "Test in Browser" and "Call Me" buttons, laid out)
 * exist, and records that frame's time: what a frame has in its DOM when its callbacks run is what it
 * paints. Polling stops then, so it costs nothing while the page idles. Meanwhile a long-task observer
 * collects what the Long Tasks API reports: the browser's own count, layout and style included, which a
 * trace's task list only approximates (../boot-tasks.ts). `buffered` also brings any task that ended
 * before this script ran. Plain JavaScript in a string, as in ../page-observers.ts (tsx adds helpers
 * that do not exist in the page).
 */
export const probeSource = (expectWidget: boolean, buttonsShown = OUR_BUTTONS_SHOWN): string => `(() => {
  const expectWidget = ${expectWidget}
  const record = { content: 0, buttons: 0, longTasks: [] }
  let finish
  const done = new Promise((resolve) => { finish = resolve })
  const keep = (entries) => entries.forEach((entry) =>
    record.longTasks.push({ startTime: entry.startTime, duration: entry.duration }))
  const longTasks = new PerformanceObserver((list) => keep(list.getEntries()))
  longTasks.observe({ type: 'longtask', buffered: true })
  // Entries reach the callback a little later than their task ends: the reader takes what is pending.
  const flush = () => keep(longTasks.takeRecords())
  Object.defineProperty(window, '__widgetBench', { value: { record, done, flush } })
  const buttonsShown = ${buttonsShown}
  const onFrame = (time) => {
    if (!record.content && document.getElementById('bench-content')) record.content = time
    if (expectWidget && !record.buttons && buttonsShown()) record.buttons = time
    if (record.content && (record.buttons || !expectWidget)) return finish()
    requestAnimationFrame(onFrame)
  }
  requestAnimationFrame(onFrame)
})()`

/** Our panel's "Test in Browser" and "Call Me" buttons are laid out: a function's source, run in the page. */
export const OUR_BUTTONS_SHOWN = `() => {
    const root = document.querySelector('voice-demo')?.shadowRoot
    if (!root) return false
    const shown = [...root.querySelectorAll('button')]
      .filter((button) => button.getBoundingClientRect().height > 0)
      .map((button) => button.textContent.trim())
    return shown.includes('Test in Browser') && shown.includes('Call Me')
  }`

/** Evaluated in the page: resolves once the probe's last frame has run. */
export const WAIT_FOR_PROBE_SOURCE = 'window.__widgetBench.done'

/** Evaluated in the page afterwards: the probe's times plus paint and resource timing. */
export const READ_PROBE_SOURCE = `(window.__widgetBench.flush(), {
  ...window.__widgetBench.record,
  fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  resources: performance.getEntriesByType('resource').map((r) => ({
    url: r.name, responseEnd: r.responseEnd, encodedBodySize: r.encodedBodySize,
  })),
})`

/**
 * Evaluated in the widget page after the boot's window: resolves, in ms from navigation start, once
 * the widget's one-off work after its buttons is done, the last of which is the visit that the open
 * rule asks for once the panel has been visible for 3 s (`POST visitsPath`): one check after its
 * answer arrived, so that the answer has been read. Or after `deadlineMs`, with `settled` false.
 * Checked every 100 ms until then, so the check itself is over before the idle window begins.
 */
export const waitForSettledSource = (
  visitsPath: string,
  deadlineMs: number,
): string => `new Promise((resolve) => {
  const deadline = performance.now() + ${deadlineMs}
  let answered = false
  const check = () => {
    if (answered) return resolve({ at: performance.now(), settled: true })
    answered = performance.getEntriesByType('resource')
      .some((entry) => new URL(entry.name).pathname === ${JSON.stringify(visitsPath)})
    if (!answered && performance.now() > deadline) resolve({ at: performance.now(), settled: false })
    else setTimeout(check, 100)
  }
  check()
})`
