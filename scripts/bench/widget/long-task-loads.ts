import { cpus, loadavg } from 'node:os'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../../e2e/chromium.ts'
import { startProduct } from '../../start-product.ts'
import { openProfiledPage } from '../profiled-page.ts'
import { describeProfile } from '../profiles.ts'
import { BOOT_TAIL_MS, isWidgetUrl } from './measure-page.ts'
import { type PageProbeRecord, probeSource, READ_PROBE_SOURCE, WAIT_FOR_PROBE_SOURCE } from './page-probe.ts'
import { VERSUS_PROFILES } from './versus-cal.ts'
import { busyVerdict } from './versus-figures.ts'
import { WIDGET_PAGE } from './widget-bench.ts'

/** One script a long animation frame ran (the Long Animation Frames API's `PerformanceScriptTiming`). */
export interface FrameScript {
  readonly startTime: number
  readonly invoker: string
  readonly source: string
  readonly duration: number
  /** Style and layout the script forced (ms). */
  readonly forced: number
}

/** A long animation frame, as the page's observer kept it (ms from navigation start). */
export interface LongFrame {
  readonly startTime: number
  readonly duration: number
  /** When the frame's own style and layout began; 0 when it rendered nothing. */
  readonly styleAndLayoutStart: number
  readonly scripts: readonly FrameScript[]
}

/** Installed before the page's scripts: keeps every long animation frame with what ran in it. */
const FRAMES_SOURCE = `(() => {
  const frames = []
  Object.defineProperty(window, '__longFrames', { value: frames })
  new PerformanceObserver((list) => { for (const frame of list.getEntries()) frames.push({
    startTime: frame.startTime, duration: frame.duration, styleAndLayoutStart: frame.styleAndLayoutStart,
    scripts: frame.scripts.map((script) => ({
      startTime: script.startTime, invoker: script.invoker, source: (script.sourceURL.split('/').pop() || '') + ' ' + script.sourceFunctionName,
      duration: script.duration, forced: script.forcedStyleAndLayoutDuration,
    })),
  }) }).observe({ type: 'long-animation-frame', buffered: true })
})()`

/**
 * What a long task was, from the long animation frame it belongs to: the frame's scripts that began
 * in the task (a frame may hold several tasks), each with the style and layout it forced, and the
 * frame's own style and layout when it began in the task.
 */
export function describeLongTask(
  task: { startTime: number; duration: number },
  frames: readonly LongFrame[],
) {
  const end = task.startTime + task.duration
  const frame = frames.find((f) => f.startTime <= task.startTime + 1 && f.startTime + f.duration >= end - 1)
  if (!frame) return 'no long animation frame holds it (not script, nor a frame of ours)'
  const inTask = (time: number) => time >= task.startTime - 1 && time <= end + 1
  const ran = frame.scripts
    .filter((script) => script.duration >= 1 && inTask(script.startTime))
    .map(
      (script) =>
        `${script.invoker} ${script.source.trim()} ${Math.round(script.duration)} ms` +
        (script.forced >= 1 ? ` (forced style and layout ${Math.round(script.forced)} ms)` : ''),
    )
  const own = inTask(frame.styleAndLayoutStart)
    ? frame.startTime + frame.duration - frame.styleAndLayoutStart
    : 0
  if (own >= 1) ran.push(`the frame's style and layout ${Math.round(own)} ms`)
  return ran.join('; ') || 'nothing the Long Animation Frames API names'
}

/**
 * `node --import tsx scripts/bench/widget/long-task-loads.ts [loads]` (after `npm run build`): only our
 * widget on the side-by-side's phone-like profile (versus-cal.ts), `loads` cold loads (7 unless given),
 * each untraced in a fresh browser. Prints, per load, the long tasks the side-by-side counts (from
 * widget.mjs's arrival to a second after the buttons) and what each was, by the Long Animation Frames
 * API; then the count per load and the buttons' time from the page's own content. `npm run bench
 * widget` is the judge; this is the quick look at one of its budgets, with the names of what broke it.
 */
async function main(loads: number): Promise<void> {
  const profile = VERSUS_PROFILES.find((p) => p.name === 'phone')
  if (!profile) throw new Error('no phone profile')
  const launchArgs = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']
  const executablePath = findChromium()
  const product = await startProduct('voice-demo-bench-')
  const loadAtStart = loadavg()[0] ?? 0
  const counts: number[] = []
  const shown: number[] = []
  try {
    const url = `${product.url}/${WIDGET_PAGE}`
    console.log(`Our widget alone, ${loads} cold loads: ${describeProfile(profile).replace('Slow 4G: ', '')}`)
    await fetch(url)
    for (let load = 0; load < loads; load++) {
      const browser = await chromium.launch({ executablePath, args: launchArgs })
      try {
        const { page, context } = await openProfiledPage(browser, profile, probeSource(true))
        await context.addInitScript({ content: FRAMES_SOURCE })
        await page.goto(url, { waitUntil: 'commit', timeout: 120_000 })
        await page.evaluate(WAIT_FOR_PROBE_SOURCE)
        await page.waitForTimeout(BOOT_TAIL_MS)
        const probe = (await page.evaluate(READ_PROBE_SOURCE)) as PageProbeRecord
        const frames = (await page.evaluate('window.__longFrames')) as LongFrame[]
        // The side-by-side's window (versus-cal.ts): from the widget's first file's arrival.
        const own = probe.resources.filter((r) => isWidgetUrl(r.url) && r.responseEnd <= probe.buttons)
        const arrival = Math.min(...own.map((r) => r.responseEnd))
        const end = probe.buttons + BOOT_TAIL_MS
        const tasks = probe.longTasks.filter((task) => task.startTime >= arrival && task.startTime < end)
        counts.push(tasks.length)
        shown.push(probe.buttons - probe.content)
        console.log(
          `  load ${load + 1}: ${tasks.length} long task(s); widget.mjs at ${Math.round(arrival)} ms, ` +
            `buttons at ${Math.round(probe.buttons)} ms (+${Math.round(probe.buttons - probe.content)} ms after the content)`,
        )
        for (const task of tasks)
          console.log(
            `    at ${Math.round(task.startTime)} ms, ${Math.round(task.duration)} ms: ${describeLongTask(task, frames)}`,
          )
      } finally {
        await browser.close()
      }
    }
  } finally {
    await product.stop()
  }
  const median = [...shown].sort((a, b) => a - b)[Math.floor(shown.length / 2)] ?? Number.NaN
  console.log(
    `Long tasks per load: ${counts.join(', ')}; buttons after the content, median +${Math.round(median)} ms`,
  )
  const busy = busyVerdict(loadAtStart, loadavg()[0] ?? 0, cpus().length)
  console.log(
    busy ??
      `Load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`)
  main(Number(process.argv[2] ?? 7)).catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
