import type { ShiftEntry, TaskEntry } from './web-vitals.ts'

/** What the page recorded about itself, read back after the run. */
export interface PageRecord {
  readonly fcp: number
  readonly lcp: number
  readonly lcpElement: string
  readonly loadEventEnd: number
  /**
   * The start of the first frame whose rendering had the demo panel's buttons laid out (an animation
   * frame's time, before that frame paints); 0 when no frame had them.
   */
  readonly buttons: number
  readonly shifts: ShiftEntry[]
  readonly tasks: TaskEntry[]
  readonly scripts: {
    readonly url: string
    readonly transferSize: number
    readonly encodedBodySize: number
  }[]
}

/**
 * Installed before any page script runs (`addInitScript`). Plain JavaScript in a string on purpose:
 * tsx compiles functions with helpers (`__name`) that do not exist in the page when Playwright
 * serialises a function.
 */
export const OBSERVERS_SOURCE = `(() => {
  const bench = { fcp: 0, lcp: 0, lcpElement: '', shifts: [], tasks: [] }
  Object.defineProperty(window, '__bench', { value: bench })
  const describe = (el) => {
    if (!el) return '(none)'
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40)
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (text ? ' "' + text + '"' : '')
  }
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true })
    } catch {}
  }
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') bench.fcp = e.startTime })
  observe('largest-contentful-paint', (e) => { bench.lcp = e.startTime; bench.lcpElement = describe(e.element) })
  observe('layout-shift', (e) =>
    bench.shifts.push({ startTime: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput }))
  observe('longtask', (e) => bench.tasks.push({ startTime: e.startTime, duration: e.duration }))
  // The panel's buttons: checked in each animation frame, which runs before that frame's paint, so
  // the first frame that has them laid out is the first that paints them (for 10 s, then given up).
  bench.buttons = 0
  const buttonsShown = (now) => {
    const buttons = document.querySelector('voice-demo')?.shadowRoot?.querySelectorAll('button') ?? []
    if (buttons.length > 0 && [...buttons].every((b) => b.getBoundingClientRect().height > 0)) bench.buttons = now
    else if (now < 10000) requestAnimationFrame(buttonsShown)
  }
  requestAnimationFrame(buttonsShown)
})()`

/** Evaluated in the page after the run: the observers' record plus navigation and resource timing. */
export const READ_RECORD_SOURCE = `(() => {
  const nav = performance.getEntriesByType('navigation')[0]
  const scripts = performance.getEntriesByType('resource')
    .filter((r) => /\\.m?js(\\?|$)/.test(new URL(r.name).pathname))
    .map((r) => ({ url: r.name, transferSize: r.transferSize, encodedBodySize: r.encodedBodySize }))
  return { ...window.__bench, loadEventEnd: nav ? nav.loadEventEnd : 0, scripts }
})()`
