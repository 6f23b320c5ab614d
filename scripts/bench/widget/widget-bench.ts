import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { measureJsFiles } from '../js-sizes.ts'
import { type BenchProfile, describeProfile, PROFILES } from '../profiles.ts'
import {
  BOOT_TAIL_MS,
  IDLE_WINDOW_MS,
  isWidgetUrl,
  type LongTaskRun,
  measureLongTasks,
  measurePage,
  type PageRun,
} from './measure-page.ts'
import { type BudgetCheck, checkWidgetBudgets, type RunPair, summarizeRun } from './widget-figures.ts'
import { formatWidgetTable } from './widget-report.ts'

const RUNS = 5
export const WIDGET_PAGE = 'embed-demo/bench-widget.html'
export const BARE_PAGE = 'embed-demo/bench-bare.html'
/** The documented snippet's two lines: all that tells the two pages apart. */
const SNIPPET = [
  '<script type="module" async src="/widget.mjs"></script>',
  '<voice-demo slug="bright-smile-dental"></voice-demo>',
]
export const RESULTS_FILE = 'bench-results/widget.json'

export interface LaunchOptions {
  readonly executablePath: string
  readonly launchArgs: string[]
}

/** The bare page must be the widget page without the snippet, or the comparison means nothing. */
export function checkBarePage(widgetHtml: string, bareHtml: string): string | null {
  const lines = widgetHtml.split('\n')
  const withoutSnippet = lines.filter((line) => !SNIPPET.includes(line.trim()))
  if (lines.length - withoutSnippet.length !== SNIPPET.length)
    return `${WIDGET_PAGE} lacks the snippet's lines`
  return withoutSnippet.join('\n') === bareHtml
    ? null
    : `${BARE_PAGE} is not ${WIDGET_PAGE} without the snippet`
}

/**
 * The widget's benchmark (docs/architecture.md, Budgets): per profile, {@link RUNS} runs, each loading the
 * bare page and the widget page in a fresh browser (alternating which goes first), judged on the
 * medians. Prints a table per profile, writes every figure to {@link RESULTS_FILE} and resolves
 * whether every budget holds.
 */
export async function runWidgetBench(origin: string, launch: LaunchOptions): Promise<boolean> {
  const problem = checkBarePage(await readFile(WIDGET_PAGE, 'utf8'), await readFile(BARE_PAGE, 'utf8'))
  if (problem) throw new Error(problem)
  console.log(
    `Widget benchmark: /${WIDGET_PAGE} against /${BARE_PAGE} at ${origin}, ${RUNS} runs per profile,`,
  )
  console.log(
    'a fresh browser per page load. Bytes: the files the widget fetched before its buttons were painted,\n' +
      'each brotli-compressed here at quality 11 (the bundled server sends gzip). Times: from navigation\n' +
      'start to the animation frame that painted the buttons (the bare page: its content). Boot tasks: traced\n' +
      `until ${BOOT_TAIL_MS} ms after that. Idle: CDP TaskDuration over ${IDLE_WINDOW_MS / 1000} s from then (the widget page:\n` +
      'from when its one-off work was done, the last of it the visit the open rule begins). Long tasks: each\n' +
      "page loaded once more, untraced, what its own PerformanceObserver('longtask') saw from navigation\n" +
      'start to the same window end; TBT their sum of duration − 50 ms (not clipped at FCP).\n',
  )
  // Warm the server (database, file cache) so that the first run does not pay for it alone.
  await fetch(`${origin}/${WIDGET_PAGE}`)
  await fetch(`${origin}/api/prospects/bright-smile-dental`)

  const results = []
  for (const profile of PROFILES) results.push(await benchProfile(profile, origin, launch))
  const checks = results.flatMap((result) => result.checks)
  console.log('Widget budgets (medians, unless a line says every run):')
  for (const check of checks) console.log(`  ${check.line}`)
  await mkdir(dirname(RESULTS_FILE), { recursive: true })
  const report = { measuredAt: new Date().toISOString(), runsPerProfile: RUNS, profiles: results }
  await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nEvery run's figures: ${RESULTS_FILE}`)
  return checks.every((check) => check.pass)
}

interface Measured {
  readonly traced: PageRun
  readonly longTasks: LongTaskRun
}

async function benchProfile(profile: BenchProfile, origin: string, launch: LaunchOptions) {
  // Each page: the traced load, then an untraced one for its long tasks (measure-page.ts says why).
  const measure = async (page: string, expectWidget: boolean) => {
    const options = { ...launch, expectWidget }
    const traced = await measurePage(`${origin}/${page}`, profile, options)
    return { traced, longTasks: await measureLongTasks(`${origin}/${page}`, profile, options) }
  }
  const pair = (bare: Measured, widget: Measured): RunPair => ({
    bare: bare.traced,
    widget: widget.traced,
    longTasks: { bare: bare.longTasks, widget: widget.longTasks },
  })
  const runs: RunPair[] = []
  for (let run = 0; run < RUNS; run++) {
    if (run % 2 === 0) {
      const bare = await measure(BARE_PAGE, false)
      runs.push(pair(bare, await measure(WIDGET_PAGE, true)))
    } else {
      const widget = await measure(WIDGET_PAGE, true)
      runs.push(pair(await measure(BARE_PAGE, false), widget))
    }
  }
  // The widget's own requests (its files and its API), not the page or the browser's favicon.
  const isOurs = (url: string) => isWidgetUrl(url) || url.startsWith(`${origin}/api/`)
  const requested = [...new Set(runs.flatMap((run) => run.widget.probe.resources.map((r) => r.url)))]
  const files = await measureJsFiles(requested.filter(isOurs))
  const brotli = new Map(files.map((file) => [`${origin}${file.path}`, file.brotli]))
  // The JS the buttons wait for is the boot's (widget.mjs; widget.js for older snippets): the rest of
  // the widget, asked for at once, often finishes before the buttons paint, but they do not wait for it.
  const isBoot = (url: string) => /\/widget\.m?js([?#]|$)/.test(url)
  const figures = runs.map((run) => summarizeRun(run, brotli, isBoot))
  const checks: BudgetCheck[] = checkWidgetBudgets(profile, figures)
  const widgetLongTasks = runs.map((run) => run.longTasks.widget)
  console.log(formatWidgetTable(profile, figures, checks, widgetLongTasks))
  const first = runs[0]?.widget.probe
  const before = first?.resources.filter((r) => isOurs(r.url) && r.responseEnd <= first.buttons)
  console.log(
    `  the widget's requests before its buttons showed: ${before?.map((r) => new URL(r.url).pathname).join(', ')}\n`,
  )
  return { profile: profile.name, description: describeProfile(profile), checks, figures, files, runs }
}
