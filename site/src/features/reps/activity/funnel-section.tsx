import { type FormEvent, useId, useRef, useState } from 'react'
import { ACTIVITY_REFRESH_MS, ENGAGEMENT_STAGES, STAGE_LABELS } from '#core/engagement.ts'
import {
  checkFunnelRange,
  FUNNEL_PERIODS,
  type FunnelCounts,
  type FunnelGroup,
  type FunnelPeriod,
  type FunnelRangeField,
  type FunnelResponse,
} from '#core/rep-api.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { Alert } from '../ui/alert.tsx'
import { fieldErrorClass, hintClass, inputClass, labelClass, selectClass } from '../ui/field-styles.ts'
import { formatCount } from '../ui/format.ts'
import type { ActivityQuery } from './activity-endpoints.ts'
import { getFunnel, getFunnelSearch } from './funnel-endpoints.ts'
import { useLiveAnswer } from './use-live-answer.ts'

export const PERIOD_LABELS: Record<FunnelPeriod, string> = {
  'this-week': 'This week',
  'last-week': 'Last week',
  '30-days': 'Last 30 days',
  custom: 'Custom dates',
}

/**
 * Sizes and the booked colour as inline styles, not new utility classes: the site has one stylesheet,
 * which the landing and prospect pages carry too, and a reps-only chart must not make it grow.
 */
const BAR = 12
const THIN_BAR = 10
const WEEK_COLUMNS = 'repeat(8, minmax(0, 1fr))'
/** Emerald 600: booked, readable against both themes' backgrounds. */
const BOOKED = '#059669'

type Split = 'byRep' | 'byKind' | 'bySite'
const SPLIT_LABELS: Record<Split, string> = {
  byRep: 'By rep',
  byKind: 'By kind of business',
  bySite: 'By site',
}

/** A share as a rep reads it: "62 %"; none of nothing is "–". */
export function formatShare(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)} %`
}

/**
 * A period's day in the rep's own words but on the funnel's UTC calendar: a week from Monday
 * midnight UTC reads as that Monday in any time zone, and a custom period as the days chosen.
 */
const utcDays = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })
const formatDay = (iso: string) => utcDays.format(new Date(iso))
/** A day as the date fields write it (YYYY-MM-DD, UTC, as the funnel's days are). */
const dayOf = (iso: string) => iso.slice(0, 10)
/** The last day a period includes: the day of the instant just before its end. */
const lastDayOf = (until: string) => new Date(new Date(until).getTime() - 1).toISOString()

/**
 * The team's funnel above the activity list, for the list's own search and owner filters: each step
 * with the ones after it, the share of the step before, a trend by week and a split. The charts are
 * pictures of the numbers; the same numbers are a table, read by screen readers and shown with
 * "Show as table". The period is in the address with the list's filters (`onChange` puts it there),
 * so a reload, Back and a shared link show the same funnel.
 */
export function FunnelSection({
  query,
  onChange,
}: {
  query: ActivityQuery
  onChange: (change: Partial<ActivityQuery>) => void
}) {
  const [split, setSplit] = useState<Split>('byRep')
  const [asTable, setAsTable] = useState(false)
  // "Custom dates" chosen while a preset is shown: the fields open, and the address changes only when
  // the rep applies them. Tied to the period it was chosen over, so Back or another link closes it.
  const periodKey = `${query.period}|${query.from}|${query.to}`
  const [choosingOver, setChoosingOver] = useState<string | null>(null)
  const choosing = choosingOver === periodKey
  const periodId = useId()
  const splitId = useId()
  const headingId = useId()
  // A link's custom days are checked here first: a period the server would refuse is not asked for.
  const problem = query.period === 'custom' ? checkFunnelRange(query.from, query.to, new Date()) : null
  const live = useLiveAnswer(
    problem ? '' : getFunnelSearch(query),
    problem ? noFunnel : getFunnel,
    ACTIVITY_REFRESH_MS,
  )
  const shown = problem ? null : live.shown
  const empty = shown?.total.every((n) => n === 0) ?? false
  const custom = choosing || query.period === 'custom'

  const choosePeriod = (period: FunnelPeriod) => {
    if (period !== 'custom') {
      setChoosingOver(null)
      onChange({ period, from: '', to: '' })
    } else if (query.period !== 'custom') setChoosingOver(periodKey)
  }

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={!problem && live.loading}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={headingId} className="text-lg font-bold text-slate-900 dark:text-white">
          Funnel
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={periodId} className={labelClass}>
              Period
            </label>
            <select
              id={periodId}
              value={custom ? 'custom' : query.period}
              onChange={(event) => choosePeriod(event.target.value as FunnelPeriod)}
              className={`${selectClass} mt-1.5 w-56`}
            >
              {FUNNEL_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_LABELS[p]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={splitId} className={labelClass}>
              Split
            </label>
            <select
              id={splitId}
              value={split}
              onChange={(event) => setSplit(event.target.value as Split)}
              className={`${selectClass} mt-1.5 w-56`}
            >
              {(Object.keys(SPLIT_LABELS) as Split[]).map((s) => (
                <option key={s} value={s}>
                  {SPLIT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            aria-pressed={asTable}
            onClick={() => setAsTable(!asTable)}
            className={`${secondaryButtonClass} py-2.5`}
          >
            Show as table
          </button>
        </div>
      </div>
      {custom && (
        <CustomPeriodForm
          // A new address (Back, a link) starts the fields again from its days.
          key={periodKey}
          from={query.period === 'custom' ? query.from : shown ? dayOf(shown.since) : ''}
          to={query.period === 'custom' ? query.to : shown ? dayOf(lastDayOf(shown.until)) : ''}
          linkProblem={problem}
          onApply={(from, to) => {
            setChoosingOver(null)
            onChange({ period: 'custom', from, to })
          }}
        />
      )}
      {!problem && live.error !== null && shown === null && (
        <div className="mt-4 space-y-3">
          <Alert>{live.error}</Alert>
          <button type="button" className={secondaryButtonClass} onClick={live.retry}>
            Try again
          </button>
        </div>
      )}
      {!problem && shown === null && live.loading && (
        <p className="mt-4 text-slate-600 dark:text-slate-400">Loading the funnel…</p>
      )}
      {shown !== null && (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {formatDay(shown.since)} to {formatDay(lastDayOf(shown.until))}. Each step counts the prospects
            who reached it or a later one in the period.
          </p>
          {empty ? (
            <p className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
              No prospect was sent, opened or moved on in this period.
            </p>
          ) : (
            <div className={asTable ? 'hidden' : 'mt-4 grid gap-6 lg:grid-cols-2'} aria-hidden="true">
              <FunnelSteps counts={shown.total} />
              <div className="space-y-6">
                <WeekTrend weeks={shown.weeks} />
                <div>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
                      {SPLIT_LABELS[split]}
                    </h3>
                  </div>
                  <SplitBars groups={shown[split]} />
                </div>
              </div>
            </div>
          )}
          <FunnelTables funnel={shown} split={split} shown={asTable} />
        </>
      )}
    </section>
  )
}

/** The funnel when the address's custom days make no period: nothing is asked. */
const noFunnel = (): Promise<FunnelResponse> => new Promise(() => {})

/**
 * A custom period's first and last days, both included, as date fields (typed or picked, by keyboard
 * too), applied together. What is wrong is said in words beside the field it is about, which takes
 * the focus; a link's days that make no period are said the same way as the page opens.
 */
function CustomPeriodForm({
  from: initialFrom,
  to: initialTo,
  linkProblem,
  onApply,
}: {
  from: string
  to: string
  linkProblem: { field: FunnelRangeField; message: string } | null
  onApply: (from: string, to: string) => void
}) {
  const [from, setFrom] = useState(initialFrom)
  const [to, setTo] = useState(initialTo)
  const [problem, setProblem] = useState(linkProblem)
  const fromId = useId()
  const toId = useId()
  const hintId = useId()
  const errorId = useId()
  const fromRef = useRef<HTMLInputElement>(null)
  const toRef = useRef<HTMLInputElement>(null)
  const today = new Date().toISOString().slice(0, 10)

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const found = checkFunnelRange(from, to, new Date())
    setProblem(found)
    if (found) (found.field === 'from' ? fromRef : toRef).current?.focus()
    else onApply(from, to)
  }
  const field = (which: FunnelRangeField) => ({
    'aria-invalid': problem?.field === which ? true : undefined,
    'aria-describedby': problem?.field === which ? `${errorId} ${hintId}` : hintId,
  })

  return (
    <form noValidate onSubmit={apply} className="mt-4">
      <fieldset>
        <legend className={labelClass}>Custom period</legend>
        <p id={hintId} className={hintClass}>
          Both days included, in UTC, up to a year and no later than today.
        </p>
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={fromId} className={labelClass}>
              From
            </label>
            <input
              ref={fromRef}
              id={fromId}
              type="date"
              max={today}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              className={`${inputClass} mt-1.5 w-56`}
              {...field('from')}
            />
          </div>
          <div>
            <label htmlFor={toId} className={labelClass}>
              To
            </label>
            <input
              ref={toRef}
              id={toId}
              type="date"
              max={today}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              className={`${inputClass} mt-1.5 w-56`}
              {...field('to')}
            />
          </div>
          <button type="submit" className={`${secondaryButtonClass} py-2.5`}>
            Show this period
          </button>
        </div>
        <p id={errorId} role="alert" className={fieldErrorClass}>
          {problem?.message ?? ''}
        </p>
      </fieldset>
    </form>
  )
}

/** Each step as a bar as long as its share of "sent", its count and its share of the step before. */
function FunnelSteps({ counts }: { counts: FunnelCounts }) {
  const sent = counts[0] ?? 0
  return (
    <ol className="space-y-3">
      {ENGAGEMENT_STAGES.map((stage, i) => {
        const n = counts[i] ?? 0
        return (
          <li key={stage}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-semibold text-slate-900 dark:text-white">{STAGE_LABELS[stage]}</span>
              <span className="tabular-nums text-slate-700 dark:text-slate-300">
                <span className="font-semibold text-slate-900 dark:text-white">{formatCount(n)}</span>
                {i > 0 &&
                  ` · ${formatShare(n, counts[i - 1] ?? 0)} of ${STAGE_LABELS[ENGAGEMENT_STAGES[i - 1] ?? 'sent'].toLowerCase()}`}
              </span>
            </div>
            <div className="mt-1 rounded-full bg-slate-100 dark:bg-slate-800" style={{ height: BAR }}>
              <div
                className="rounded-full bg-indigo-600 dark:bg-indigo-400"
                style={{
                  height: BAR,
                  width: `${sent === 0 ? 0 : Math.max((n / sent) * 100, n > 0 ? 1 : 0)}%`,
                }}
              />
            </div>
          </li>
        )
      })}
    </ol>
  )
}

/** One column per week: its prospects sent (the column) and opened and booked within it (the marks). */
function WeekTrend({ weeks }: { weeks: FunnelResponse['weeks'] }) {
  const most = Math.max(1, ...weeks.map((w) => w.counts[0] ?? 0))
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">By week</h3>
      <p className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-600 dark:text-slate-400">
        <Key className="bg-indigo-500/30 dark:bg-indigo-400/20">Sent</Key>
        <Key className="bg-indigo-500 dark:bg-indigo-400">Opened</Key>
        <Key className="" color={BOOKED}>
          Booked
        </Key>
      </p>
      <div className="mt-2 grid items-end gap-1.5" style={{ height: 144, gridTemplateColumns: WEEK_COLUMNS }}>
        {weeks.map(({ week, counts }) => (
          <div key={week} className="flex h-full flex-col justify-end">
            <span className="text-center text-xs tabular-nums text-slate-700 dark:text-slate-300">
              {formatCount(counts[0] ?? 0)}
            </span>
            <div
              className="relative rounded bg-indigo-500/30 dark:bg-indigo-400/20"
              style={{ height: `${((counts[0] ?? 0) / most) * 100}%` }}
            >
              <div
                className="absolute inset-x-0 rounded bg-indigo-500 dark:bg-indigo-400"
                style={{ bottom: 0, height: `${counts[0] ? ((counts[1] ?? 0) / counts[0]) * 100 : 0}%` }}
              />
              <div
                className="absolute inset-x-0"
                style={{
                  bottom: 0,
                  backgroundColor: BOOKED,
                  height: `${counts[0] ? ((counts[4] ?? 0) / counts[0]) * 100 : 0}%`,
                }}
              />
            </div>
          </div>
        ))}
      </div>
      <div
        className="mt-1 grid gap-1.5 text-center text-xs text-slate-600 dark:text-slate-400"
        style={{ gridTemplateColumns: WEEK_COLUMNS, fontSize: 10 }}
      >
        {weeks.map(({ week }) => (
          <span key={week}>{shortWeek(week)}</span>
        ))}
      </div>
    </div>
  )
}

function Key({ className, color, children }: { className: string; color?: string; children: string }) {
  return (
    <span className="flex items-center gap-1.5">
      <span
        className={`inline-block rounded ${className}`}
        style={{ width: 12, height: 12, backgroundColor: color }}
      />
      {children}
    </span>
  )
}

/** A week by its Monday, short: "Dec 28". */
const shortWeek = (week: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(week))

/** Each group as a bar of its "sent", with its opened and booked within it, and its numbers beside. */
function SplitBars({ groups }: { groups: FunnelGroup[] }) {
  if (groups.length === 0)
    return <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No prospects.</p>
  const most = Math.max(1, ...groups.map((g) => g.counts[0] ?? 0))
  return (
    <ul className="mt-2 space-y-3">
      {groups.slice(0, 8).map((group) => {
        const [sent = 0, opened = 0, , , booked = 0] = group.counts
        return (
          <li key={group.key}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="min-w-0 truncate text-slate-900 dark:text-white">{group.label}</span>
              <span className="shrink-0 tabular-nums text-slate-700 dark:text-slate-300">
                {formatCount(sent)} · {formatCount(opened)} opened · {formatCount(booked)} booked
              </span>
            </div>
            <div className="mt-1 rounded-full bg-slate-100 dark:bg-slate-800" style={{ height: THIN_BAR }}>
              <div
                className="relative rounded-full bg-indigo-500/30 dark:bg-indigo-400/20"
                style={{ height: THIN_BAR, width: `${(sent / most) * 100}%` }}
              >
                <div
                  className="absolute rounded-full bg-indigo-500 dark:bg-indigo-400"
                  style={{ top: 0, bottom: 0, left: 0, width: `${sent ? (opened / sent) * 100 : 0}%` }}
                />
                <div
                  className="absolute rounded-full"
                  style={{
                    top: 0,
                    bottom: 0,
                    left: 0,
                    backgroundColor: BOOKED,
                    width: `${sent ? (booked / sent) * 100 : 0}%`,
                  }}
                />
              </div>
            </div>
          </li>
        )
      })}
    </ul>
  )
}

/** The same numbers as tables: always there for screen readers, on screen with "Show as table". */
function FunnelTables({ funnel, split, shown }: { funnel: FunnelResponse; split: Split; shown: boolean }) {
  const cell = 'px-2 py-1.5 text-right tabular-nums'
  const head = 'px-2 py-1.5 text-left font-semibold'
  const table = 'mt-2 w-full text-sm text-slate-800 dark:text-slate-200'
  const stageHeads = ENGAGEMENT_STAGES.map((stage) => (
    <th key={stage} scope="col" className={`${head} text-right`}>
      {STAGE_LABELS[stage]}
    </th>
  ))
  return (
    <div className={shown ? 'mt-6 space-y-6' : 'sr-only'} style={shown ? { overflowX: 'auto' } : undefined}>
      <table className={table}>
        <caption className="text-left font-semibold">
          Funnel,{' '}
          {funnel.period === 'custom'
            ? `${formatDay(funnel.since)} to ${formatDay(lastDayOf(funnel.until))}`
            : PERIOD_LABELS[funnel.period].toLowerCase()}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              Step
            </th>
            <th scope="col" className={`${head} text-right`}>
              Prospects
            </th>
            <th scope="col" className={`${head} text-right`}>
              Of the step before
            </th>
          </tr>
        </thead>
        <tbody>
          {ENGAGEMENT_STAGES.map((stage, i) => (
            <tr key={stage}>
              <th scope="row" className={head}>
                {STAGE_LABELS[stage]}
              </th>
              <td className={cell}>{formatCount(funnel.total[i] ?? 0)}</td>
              <td className={cell}>
                {i === 0 ? '' : formatShare(funnel.total[i] ?? 0, funnel.total[i - 1] ?? 0)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={table}>
        <caption className="text-left font-semibold">By week (weeks from Monday)</caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              Week
            </th>
            {stageHeads}
          </tr>
        </thead>
        <tbody>
          {funnel.weeks.map(({ week, counts }) => (
            <tr key={week}>
              <th scope="row" className={head}>
                {shortWeek(week)}
              </th>
              {ENGAGEMENT_STAGES.map((stage, i) => (
                <td key={stage} className={cell}>
                  {formatCount(counts[i] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <table className={table}>
        <caption className="text-left font-semibold">{SPLIT_LABELS[split]}</caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              {split === 'byRep' ? 'Rep' : split === 'byKind' ? 'Kind of business' : 'Site'}
            </th>
            {stageHeads}
          </tr>
        </thead>
        <tbody>
          {funnel[split].map((group) => (
            <tr key={group.key}>
              <th scope="row" className={head}>
                {group.label}
              </th>
              {ENGAGEMENT_STAGES.map((stage, i) => (
                <td key={stage} className={cell}>
                  {formatCount(group.counts[i] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
