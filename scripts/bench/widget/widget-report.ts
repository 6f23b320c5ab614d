import { type BenchProfile, describeProfile } from '../profiles.ts'
import { formatColumns } from '../report.ts'
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
  { figure: 'idleDelta', label: 'idle main-thread CPU, widget − bare page' },
]

/** One profile's table: each figure's median, its budget line if it has one, and every run. */
export function formatWidgetTable(
  profile: BenchProfile,
  runs: readonly WidgetFigures[],
  checks: readonly BudgetCheck[],
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
  return [
    `widget, ${profile.name}: ${describeProfile(profile)}`,
    ...formatColumns([['figure', 'median', 'budget', `all ${runs.length} runs`], ...rows]),
  ].join('\n')
}
