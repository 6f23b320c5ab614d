import { FIRST_PAINT_BUDGET_BYTES } from '../../../widget/build/first-paint-size.ts'
import type { BenchProfile } from '../profiles.ts'
import { getMedian } from '../web-vitals.ts'
import type { PageRun } from './measure-page.ts'

/** One run of the benchmark: the same page without and with the widget, each in a fresh browser. */
export interface RunPair {
  readonly bare: PageRun
  readonly widget: PageRun
}

/** What one run says, as the budgets (ARCHITECTURE.md) put it. */
export interface WidgetFigures {
  /** Brotli bytes of the widget's JS (its CSS is inside) finished before the buttons showed. */
  readonly jsBrotli: number
  /** Brotli bytes of its API answers finished before the buttons showed (the prospect). */
  readonly apiBrotli: number
  /** Navigation start → buttons painted (widget page). */
  readonly buttons: number
  /** That, minus navigation start → content painted on the bare page. */
  readonly buttonsVsBare: number
  /**
   * Buttons painted minus the same page's own content painted, in the same load: free of the
   * load-to-load noise that `buttonsVsBare` carries (two fresh browsers), so it shows what the widget
   * adds more steadily. Not a budget.
   */
  readonly buttonsVsOwnContent: number
  /** Content painted on the widget page minus on the bare page: what the widget costs the page itself. */
  readonly contentDelay: number
  readonly longestWidgetTask: number
  readonly longestTaskWidgetPage: number
  readonly longestTaskBarePage: number
  /** Main-thread ms per second while idle, widget page minus bare page. */
  readonly idleDelta: number
}

export type Figure = keyof WidgetFigures

/** Brotli (quality 11) size of each file the widget fetched, by URL. */
export type BrotliSizes = ReadonlyMap<string, number>

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/')

export function summarizeRun(
  { bare, widget }: RunPair,
  brotli: BrotliSizes,
  isWidgetUrl: (url: string) => boolean,
): WidgetFigures {
  const before = widget.probe.resources.filter((resource) => resource.responseEnd <= widget.probe.buttons)
  const sum = (pick: (url: string) => boolean) =>
    before
      .filter((resource) => pick(resource.url))
      .reduce((total, r) => total + (brotli.get(r.url) ?? Number.NaN), 0)
  return {
    jsBrotli: sum(isWidgetUrl),
    apiBrotli: sum(isApi),
    buttons: widget.probe.buttons,
    buttonsVsBare: widget.probe.buttons - bare.probe.content,
    buttonsVsOwnContent: widget.probe.buttons - widget.probe.content,
    contentDelay: widget.probe.content - bare.probe.content,
    longestWidgetTask: widget.longestWidgetTask,
    longestTaskWidgetPage: widget.longestTask,
    longestTaskBarePage: bare.longestTask,
    idleDelta: widget.idleMsPerSecond - bare.idleMsPerSecond,
  }
}

export const medianOf = (runs: readonly WidgetFigures[], figure: Figure): number =>
  getMedian(runs.map((run) => run[figure]))

interface Budget {
  readonly figure: Figure
  readonly label: string
  readonly limit: (profile: BenchProfile) => number
  /** `<` rather than `≤`: "no boot task ≥ 50 ms". */
  readonly strict?: boolean
}

/** ARCHITECTURE.md's widget budgets, judged on the medians of each profile. */
export const WIDGET_BUDGETS: readonly Budget[] = [
  { figure: 'jsBrotli', label: 'JS before visible buttons (brotli)', limit: () => FIRST_PAINT_BUDGET_BYTES },
  {
    figure: 'buttonsVsBare',
    label: 'visible buttons vs the bare page',
    limit: (profile) => (profile.name === 'desktop' ? 40 : 150),
  },
  {
    figure: 'longestWidgetTask',
    label: 'longest boot task running widget code',
    limit: () => 50,
    strict: true,
  },
  { figure: 'idleDelta', label: 'idle main-thread CPU vs the bare page', limit: () => 1 },
]

export interface BudgetCheck {
  readonly figure: Figure
  readonly median: number
  readonly limit: number
  readonly pass: boolean
  readonly line: string
}

export function checkWidgetBudgets(profile: BenchProfile, runs: readonly WidgetFigures[]): BudgetCheck[] {
  return WIDGET_BUDGETS.map(({ figure, label, limit, strict }) => {
    const median = medianOf(runs, figure)
    const max = limit(profile)
    const pass = strict ? median < max : median <= max
    const line = `${pass ? 'PASS' : 'FAIL'}  ${profile.name}: ${label} ${formatFigure(figure, median)} (budget ${strict ? '<' : '≤'} ${formatFigure(figure, max)})`
    return { figure, median, limit: max, pass, line }
  })
}

export function formatFigure(figure: Figure, value: number): string {
  if (Number.isNaN(value)) return '?'
  if (figure === 'jsBrotli' || figure === 'apiBrotli') return `${(value / 1024).toFixed(2)} KB`
  if (figure === 'idleDelta') return `${value >= 0 ? '+' : ''}${value.toFixed(2)} ms/s`
  const ms = `${Math.round(value)} ms`
  const signed: readonly Figure[] = ['buttonsVsBare', 'buttonsVsOwnContent', 'contentDelay']
  return signed.includes(figure) ? `${value >= 0 ? '+' : ''}${ms}` : ms
}
