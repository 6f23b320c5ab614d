import { DEFAULT_TEMPLATE_ID } from '#core/agent-template.ts'
import { ENGAGEMENT_STAGES } from '#core/engagement.ts'
import {
  checkFunnelRange,
  DEFAULT_FUNNEL_PERIOD,
  FUNNEL_PERIODS,
  FUNNEL_TREND_WEEKS,
  type FunnelCounts,
  type FunnelGroup,
  type FunnelPeriod,
  type FunnelResponse,
  parseFunnelDay,
} from '#core/rep-api.ts'
import { callFunction, type Db } from '../data/database.ts'
import type { FunnelRow } from '../data/rep-database.ts'
import { ENGAGEMENT_RULES } from './activity-rules.ts'
import { invalid } from './prospect-list.ts'

const DAY_MS = 86_400_000

/** A period's span: from `since` up to, not including, `until`. */
export interface FunnelSpan {
  period: FunnelPeriod
  since: Date
  until: Date
}

/**
 * `period`: one of FUNNEL_PERIODS, DEFAULT_FUNNEL_PERIOD when absent; `custom` with `from` and `to`
 * (checkFunnelRange's rule, as of `at`). Anything else is 400 naming it, in the page's words.
 */
export function readFunnelPeriod(params: URLSearchParams, at: Date): FunnelSpan {
  const period = params.get('period') || DEFAULT_FUNNEL_PERIOD
  if (!(FUNNEL_PERIODS as readonly string[]).includes(period))
    invalid(`period must be one of ${FUNNEL_PERIODS.join(', ')}.`)
  if (period !== 'custom') {
    if (params.has('from') || params.has('to')) invalid('from and to go with period=custom only.')
    const preset = period as Exclude<FunnelPeriod, 'custom'>
    return { period: preset, ...funnelSpan(preset, at) }
  }
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  const problem = checkFunnelRange(from, to, at)
  if (problem) invalid(`${problem.field}: ${problem.message}`)
  return { period: 'custom', ...customSpan(from, to, at) }
}

/**
 * The period's span as of `at`: weeks run Monday to Sunday in UTC (the trend's weeks too, so "this
 * week" is the trend's last bar); "the last 30 days" ends now.
 */
export function funnelSpan(period: Exclude<FunnelPeriod, 'custom'>, at: Date): { since: Date; until: Date } {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS
  if (period === 'this-week') return { since: new Date(monday), until: at }
  if (period === 'last-week') return { since: new Date(monday - 7 * DAY_MS), until: new Date(monday) }
  return { since: new Date(at.getTime() - 30 * DAY_MS), until: at }
}

/**
 * A custom period (checked) from the first day's midnight UTC to the end of the last, or to `at`
 * when the last is today: what has not happened yet is not part of it.
 */
export function customSpan(from: string, to: string, at: Date): { since: Date; until: Date } {
  const since = parseFunnelDay(from) ?? 0
  const end = (parseFunnelDay(to) ?? 0) + DAY_MS
  return { since: new Date(since), until: new Date(Math.min(end, at.getTime())) }
}

/** The funnel of the prospects `filter` matches, in the period, computed by the database. */
export async function getFunnel(
  db: Db,
  filter: { query: string; ownerId: string | null },
  { period, since, until }: FunnelSpan,
): Promise<FunnelResponse> {
  const rows = await callFunction(db, 'get_activity_funnel', {
    query: filter.query,
    owner_id: filter.ownerId,
    since: since.toISOString(),
    until: until.toISOString(),
    weeks: FUNNEL_TREND_WEEKS,
    rules: ENGAGEMENT_RULES,
  })
  return {
    period,
    since: since.toISOString(),
    until: until.toISOString(),
    total: countsOf(rows.filter((row) => row.dim === 'total')),
    weeks: trendWeeks(until).map((week) => ({
      week,
      counts: countsOf(rows.filter((row) => row.dim === 'week' && row.key === week)),
    })),
    byRep: groups(rows, 'rep', (key, label) => label ?? (key === '' ? 'Nobody' : 'A former rep')),
    byKind: groups(
      rows.map((row) => (row.dim === 'kind' && row.key === '' ? { ...row, key: DEFAULT_TEMPLATE_ID } : row)),
      'kind',
      kindLabel,
    ),
    bySite: groups(rows, 'site', siteLabel),
  }
}

const zeros = (): FunnelCounts => ENGAGEMENT_STAGES.map(() => 0)

function countsOf(rows: readonly FunnelRow[]): FunnelCounts {
  const counts = zeros()
  // Added, not set: two keys can be one group (a prospect with no kind has the general one).
  for (const row of rows)
    if (row.rank >= 0 && row.rank < counts.length) counts[row.rank] = (counts[row.rank] ?? 0) + row.n
  return counts
}

/** The trend's Mondays, oldest first, the last the week `until` falls in (as the SQL buckets them). */
function trendWeeks(until: Date): string[] {
  const last = new Date(until.getTime() - 1)
  const day = Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate())
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS
  return Array.from({ length: FUNNEL_TREND_WEEKS }, (_, i) =>
    new Date(monday - (FUNNEL_TREND_WEEKS - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  )
}

/** A dimension's groups, the largest first (by the step they all have), then by name. */
function groups(
  rows: readonly FunnelRow[],
  dim: FunnelRow['dim'],
  label: (key: string, label: string | null) => string,
): FunnelGroup[] {
  const byKey = new Map<string, FunnelRow[]>()
  for (const row of rows) {
    if (row.dim !== dim) continue
    const key = row.key ?? ''
    byKey.set(key, [...(byKey.get(key) ?? []), row])
  }
  return [...byKey.entries()]
    .map(([key, keyRows]) => ({
      key,
      label: label(key, keyRows[0]?.label ?? null),
      counts: countsOf(keyRows),
    }))
    .sort((a, b) => first(b) - first(a) || a.label.localeCompare(b.label))
}

const first = (group: FunnelGroup) => group.counts[0] ?? 0

/** A template's id as a rep reads it: `home-services` → "Home services". */
function kindLabel(key: string): string {
  const words = key.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** An origin as a rep reads it: its host; none sent reads so. */
function siteLabel(key: string): string {
  if (key === '') return 'Site not known'
  try {
    return new URL(key).host
  } catch {
    return key
  }
}
