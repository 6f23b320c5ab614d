import { type BenchProfile, describeNetwork, describeProfile } from '../profiles.ts'
import { formatColumns } from '../report.ts'
import type { LongTaskRun } from './measure-page.ts'
import {
  type BudgetCheck,
  type Figure,
  formatFigure,
  medianOf,
  type WidgetFigures,
} from './widget-figures.ts'

const ROWS: readonly { figure: Figure; label: string }[] = [
  { figure: 'jsBrotli', label: 'JS before visible buttons (brotli q11)' },
  { figure: 'apiBrotli', label: 'API answers before visible buttons (brotli q11)' },
  { figure: 'buttons', label: 'navigation start → buttons painted' },
  { figure: 'buttonsVsBare', label: 'buttons painted vs bare page content painted' },
  { figure: 'buttonsVsOwnContent', label: "buttons painted vs the page's own content, same load" },
  { figure: 'contentDelay', label: "page's own content painted, vs bare page" },
  { figure: 'longestWidgetTask', label: 'longest boot task running widget code' },
  { figure: 'longestTaskWidgetPage', label: 'longest boot task, widget page (any)' },
  { figure: 'longestTaskBarePage', label: 'longest boot task, bare page (any)' },
  { figure: 'longTasksWidgetPage', label: 'long tasks (Long Tasks API), widget page' },
  { figure: 'longTasksBarePage', label: 'long tasks (Long Tasks API), bare page' },
  { figure: 'tbtWidgetPage', label: 'total blocking time of those, widget page' },
  { figure: 'tbtBarePage', label: 'total blocking time of those, bare page' },
  { figure: 'bootLongTasksWidgetPage', label: 'long tasks once widget.mjs arrived, widget page' },
  { figure: 'bootLongTasksBarePage', label: 'long tasks over the same span, bare page' },
  { figure: 'bootLongTasksVsBare', label: 'long tasks once widget.mjs arrived, widget − bare' },
  { figure: 'idleDelta', label: 'idle main-thread CPU, widget − bare page' },
  { figure: 'idleAfterButtons', label: "idle window began (widget's one-off work done), vs buttons" },
]

/**
 * One load's long tasks as `duration@start` in ms, e.g. `(64@293), 85@545`: in brackets those that
 * began before the widget's script arrived, which are the page's own; `none` for a load without.
 */
export function formatLongTasks({ tasks, widgetArrival }: LongTaskRun): string {
  if (tasks.length === 0) return 'none'
  const one = ({ startTime, duration }: LongTaskRun['tasks'][number]) => {
    const text = `${Math.round(duration)}@${Math.round(startTime)}`
    return startTime < widgetArrival ? `(${text})` : text
  }
  return [...tasks]
    .sort((a, b) => a.startTime - b.startTime)
    .map(one)
    .join(', ')
}

/**
 * One profile's table: each figure's median, its budget's verdict if it has one, and every run; then
 * the widget page's long tasks in each run's untraced load (`widgetLongTasks`, one per run).
 */
export function formatWidgetTable(
  profile: BenchProfile,
  runs: readonly WidgetFigures[],
  checks: readonly BudgetCheck[],
  widgetLongTasks: readonly LongTaskRun[],
): string {
  const rows = ROWS.map(({ figure, label }) => {
    const check = checks.find((c) => c.figure === figure)
    return [
      label,
      formatFigure(figure, medianOf(runs, figure)),
      check ? (check.pass ? 'PASS' : 'FAIL') : '',
      runs.map((run) => formatFigure(figure, run[figure])).join(', '),
    ]
  })
  const label = 'widget page long tasks, ms@start ((…): before widget.mjs)'
  rows.push([label, '', '', widgetLongTasks.map(formatLongTasks).join(' | ')])
  const net = profile.longTaskNetwork
  return [
    `widget, ${profile.name}: ${describeProfile(profile)}`,
    `  long tasks: untraced loads, ${net ? `network ${describeNetwork(net)}` : 'no network throttling'}`,
    ...formatColumns([['figure', 'median', 'budget', `all ${runs.length} runs`], ...rows]),
  ].join('\n')
}
