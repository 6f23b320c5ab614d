import type { JsFileSize } from './js-sizes.ts'
import type { RunResult } from './measure-run.ts'
import { type BenchProfile, describeProfile } from './profiles.ts'
import { getMedian } from './web-vitals.ts'

export interface ProfileResult {
  readonly profile: BenchProfile
  readonly runs: readonly RunResult[]
}

type Metric = 'lcp' | 'cls' | 'tbt' | 'fcp' | 'buttons' | 'load' | 'jsTransferred'

interface Target {
  readonly metric: Metric
  readonly label: string
  readonly limit: number
}

/**
 * The landing page's budget (docs/architecture.md, Budgets), checked at the phone-like profile, and its
 * LCP no later than a prospect page's (checked apart, against that page's median).
 */
export const PHONE_TARGETS: readonly Target[] = [
  { metric: 'lcp', label: 'LCP', limit: 2000 },
  { metric: 'cls', label: 'CLS', limit: 0.02 },
  { metric: 'tbt', label: 'TBT', limit: 150 },
]

/** A prospect page's budget, per profile: it is what a rep's link opens, rendered by the server. */
export const PROSPECT_TARGETS: Readonly<Record<'phone' | 'desktop', readonly Target[]>> = {
  phone: [
    { metric: 'lcp', label: 'LCP', limit: 1200 },
    { metric: 'cls', label: 'CLS', limit: 0.01 },
    { metric: 'tbt', label: 'TBT', limit: 100 },
  ],
  desktop: [{ metric: 'lcp', label: 'LCP', limit: 500 }],
}

const ROWS: readonly { metric: Metric; label: string }[] = [
  { metric: 'lcp', label: 'LCP' },
  { metric: 'cls', label: 'CLS (largest session window)' },
  { metric: 'tbt', label: 'TBT (FCP → load + 5 s)' },
  { metric: 'fcp', label: 'FCP' },
  { metric: 'buttons', label: "panel's buttons painted (frame start)" },
  { metric: 'load', label: 'load event' },
  { metric: 'jsTransferred', label: 'JS transferred' },
]

export function formatValue(metric: Metric, value: number): string {
  if (metric === 'cls') return value.toFixed(4)
  if (metric === 'buttons' && value === 0) return '-'
  if (metric === 'jsTransferred') return `${(value / 1024).toFixed(1)} KB`
  return `${Math.round(value)} ms`
}

export const getMetricMedian = (runs: readonly RunResult[], metric: Metric): number =>
  getMedian(runs.map((run) => run[metric]))

export function formatProfileTable({ profile, runs }: ProfileResult): string {
  const lines = [`${profile.name}: ${describeProfile(profile)}`]
  const table = ROWS.map(({ metric, label }) => [
    label,
    formatValue(metric, getMetricMedian(runs, metric)),
    runs.map((run) => formatValue(metric, run[metric])).join(', '),
  ])
  lines.push(...formatColumns([['metric', 'median', `all ${runs.length} runs`], ...table]))
  const elements = [...new Set(runs.map((run) => run.lcpElement))]
  lines.push(`  LCP element: ${elements.join(' | ')}`)
  if (runs.some((run) => run.buttons > 0))
    lines.push(
      `  panel's buttons in the first contentful paint: ${runs.filter(buttonsAtFcp).length} of ${runs.length} runs`,
    )
  return lines.join('\n')
}

/**
 * Whether the run's first contentful paint had the panel's buttons: the frame that first painted them
 * began no later than that paint.
 */
export const buttonsAtFcp = (run: RunResult): boolean => run.buttons > 0 && run.buttons <= run.fcp

/** The check that a page's buttons are in its first contentful paint, in every run. */
export function checkButtonsAtFcp(runs: readonly RunResult[]): TargetCheck {
  const at = runs.filter(buttonsAtFcp).length
  const pass = runs.length > 0 && at === runs.length
  return {
    label: 'buttons at FCP',
    pass,
    line: `${pass ? 'PASS' : 'FAIL'}  the panel's buttons in the first contentful paint in ${at} of ${runs.length} runs (target: every run)`,
  }
}

export interface TargetCheck {
  readonly label: string
  readonly line: string
  readonly pass: boolean
}

export function checkTargets(runs: readonly RunResult[], targets = PHONE_TARGETS): TargetCheck[] {
  return targets.map(({ metric, label, limit }) => {
    const median = getMetricMedian(runs, metric)
    const pass = median <= limit
    const line = `${pass ? 'PASS' : 'FAIL'}  ${label} ${formatValue(metric, median)} (target ≤ ${formatValue(metric, limit)})`
    return { label, line, pass }
  })
}

export function formatJsTable(sizes: readonly JsFileSize[]): string {
  const sum = (pick: (size: JsFileSize) => number) => sizes.reduce((total, size) => total + pick(size), 0)
  const kb = (bytes: number) => (Number.isNaN(bytes) ? '?' : `${(bytes / 1024).toFixed(1)} KB`)
  const rows = sizes.map((size) => [size.path, kb(size.served), size.encoding, kb(size.raw), kb(size.brotli)])
  rows.push(['total', kb(sum((s) => s.served)), '', kb(sum((s) => s.raw)), kb(sum((s) => s.brotli))])
  return formatColumns([['JS file', 'served', 'encoding', 'raw', 'brotli q11'], ...rows]).join('\n')
}

/** Left-aligned columns, two spaces apart, indented by two. */
export function formatColumns(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  return rows.map((row) =>
    `  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd(),
  )
}
