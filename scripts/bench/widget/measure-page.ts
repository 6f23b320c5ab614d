import { chromium } from '@playwright/test'
import { VISITS_PATH } from '../../../core/engagement.ts'
import { openProfiledPage } from '../profiled-page.ts'
import type { BenchProfile } from '../profiles.ts'
import type { TaskEntry } from '../web-vitals.ts'
import { readBootTasks, TRACE_CATEGORIES, type TraceEvent } from './boot-tasks.ts'
import {
  type PageProbeRecord,
  probeSource,
  READ_PROBE_SOURCE,
  WAIT_FOR_PROBE_SOURCE,
  waitForSettledSource,
} from './page-probe.ts'

/** After the buttons (or the content) show, boot tasks still count for this long. */
export const BOOT_TAIL_MS = 1000
/** How long the page is watched while idle for its main-thread CPU. */
export const IDLE_WINDOW_MS = 5000

export interface PageRun {
  readonly probe: PageProbeRecord
  readonly longestTask: number
  readonly longestWidgetTask: number
  /** Main-thread task time per second of wall time while idle (CDP `Performance.getMetrics`). */
  readonly idleMsPerSecond: number
  /** When that idle window began, ms from navigation start (see {@link measurePage}). */
  readonly idleFrom: number
}

/** The widget page waits at most this long for its one-off work to be done before its idle window. */
const SETTLE_DEADLINE_MS = 15_000

/** `widget.mjs`, `widget.js` or one of the chunks, by path (trace events also carry empty and non-URL strings). */
export const isWidgetUrl = (url: string): boolean =>
  /^[a-z]+:\/\/[^/]+\/(.*\/)?(widget\.m?js|widget-chunks\/)/.test(url)

/**
 * One cold load of `url` in a fresh browser (empty cache, nothing shared with other runs), throttled
 * through CDP as `profile` says and traced until {@link BOOT_TAIL_MS} after the probe's last frame;
 * then, once the widget's one-off work is done, {@link IDLE_WINDOW_MS} of idling, untraced, for the CPU
 * figure.
 */
export async function measurePage(
  url: string,
  profile: BenchProfile,
  options: { expectWidget: boolean; launchArgs: string[]; executablePath: string },
): Promise<PageRun> {
  const browser = await chromium.launch({ executablePath: options.executablePath, args: options.launchArgs })
  try {
    const { page, cdp } = await openProfiledPage(browser, profile, probeSource(options.expectWidget))
    await browser.startTracing(page, { categories: TRACE_CATEGORIES })
    // One CDP call that waits in the page: no Playwright locator polling injects work into the boot.
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 })
    await page.evaluate(WAIT_FOR_PROBE_SOURCE)
    await page.waitForTimeout(BOOT_TAIL_MS)
    const probe = (await page.evaluate(READ_PROBE_SOURCE)) as PageProbeRecord
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    const shown = options.expectWidget ? probe.buttons : probe.content
    const tasks = readBootTasks(trace.traceEvents, url, shown + BOOT_TAIL_MS, isWidgetUrl)

    // Idling is what runs once the widget has nothing left to do: on the widget page, the window
    // begins after its one-off work (the rest's takeover, the prospect's answer, the engagement chunk
    // and the visit the open rule begins after 3 s visible), which a trace shows is all that ran in a
    // window opened earlier: one request and its answer, no timer, loop or observer left running.
    const settled = options.expectWidget
      ? ((await page.evaluate(waitForSettledSource(VISITS_PATH, SETTLE_DEADLINE_MS))) as {
          at: number
          settled: boolean
        })
      : { at: (await page.evaluate('performance.now()')) as number, settled: true }
    if (!settled.settled)
      throw new Error(`${url}: no visit began within ${SETTLE_DEADLINE_MS / 1000} s of the boot window`)
    await cdp.send('Performance.enable')
    const before = await readTaskTime(cdp)
    await page.waitForTimeout(IDLE_WINDOW_MS)
    const after = await readTaskTime(cdp)
    const idleMsPerSecond = ((after.task - before.task) * 1000) / (after.time - before.time)
    return {
      probe,
      longestTask: tasks.longest,
      longestWidgetTask: tasks.longestWidget,
      idleMsPerSecond,
      idleFrom: settled.at,
    }
  } finally {
    await browser.close()
  }
}

/** What the page's own long-task observer saw in one untraced load. */
export interface LongTaskRun {
  /** The long tasks that began from navigation start until `windowEnd` (ms from navigation start). */
  readonly tasks: readonly TaskEntry[]
  /** Buttons (the bare page: content) painted + {@link BOOT_TAIL_MS}: the same window as the trace's. */
  readonly windowEnd: number
  /** When the widget's first script had arrived (its `responseEnd`); NaN on the bare page. */
  readonly widgetArrival: number
}

/**
 * One more cold load in a fresh browser, at the profile's CPU and its long-task network, untraced:
 * tracing slows the tasks it records (at 4× CPU the widget's render task measured 23–49 ms untraced
 * and 38–73 ms traced), so a count of tasks over 50 ms in a traced load is partly the tracer's.
 */
export async function measureLongTasks(
  url: string,
  profile: BenchProfile,
  options: { expectWidget: boolean; launchArgs: string[]; executablePath: string },
): Promise<LongTaskRun> {
  const browser = await chromium.launch({ executablePath: options.executablePath, args: options.launchArgs })
  try {
    const throttled = { ...profile, network: profile.longTaskNetwork }
    const { page } = await openProfiledPage(browser, throttled, probeSource(options.expectWidget))
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 })
    await page.evaluate(WAIT_FOR_PROBE_SOURCE)
    await page.waitForTimeout(BOOT_TAIL_MS)
    const probe = (await page.evaluate(READ_PROBE_SOURCE)) as PageProbeRecord
    const windowEnd = (options.expectWidget ? probe.buttons : probe.content) + BOOT_TAIL_MS
    const arrivals = probe.resources.filter((r) => isWidgetUrl(r.url)).map((r) => r.responseEnd)
    return {
      tasks: probe.longTasks.filter((task) => task.startTime < windowEnd),
      windowEnd,
      widgetArrival: arrivals.length > 0 ? Math.min(...arrivals) : Number.NaN,
    }
  } finally {
    await browser.close()
  }
}

type Cdp = { send(method: 'Performance.getMetrics'): Promise<{ metrics: { name: string; value: number }[] }> }

/** Main-thread task time and the clock, both in seconds. */
async function readTaskTime(cdp: Cdp): Promise<{ task: number; time: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? Number.NaN
  return { task: value('TaskDuration'), time: value('Timestamp') }
}
