import { StageIcon } from './stage-icon.tsx'
import { getStatusLabel, type StageStatus, type TimelineStage } from './timeline-stages.ts'

const BADGE_BY_STATUS: Record<StageStatus, string> = {
  completed:
    'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300',
  'in-progress':
    'bg-violet-100 text-violet-800 ring-violet-600/20 dark:bg-violet-400/10 dark:text-violet-300',
  pending: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-400/10 dark:text-slate-300',
}

interface StageCardProps {
  stage: TimelineStage
  related: readonly TimelineStage[]
  onJump: (id: number) => void
}

/** The expanded card of the selected stage: what happens, when, how far along, and what it links to. */
export function StageCard({ stage, related, onJump }: StageCardProps) {
  const headingId = `timeline-stage-${stage.id}-title`
  return (
    <article
      id="timeline-stage-card"
      aria-labelledby={headingId}
      data-timeline-card
      className="rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-xl shadow-indigo-950/5 dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/30"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-bold tracking-wide ring-1 ring-inset ${BADGE_BY_STATUS[stage.status]}`}
        >
          {getStatusLabel(stage.status)}
        </span>
        <span className="inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
          <StageIcon name="calendar" className="size-4" />
          {stage.date}
        </span>
      </div>
      <h3 id={headingId} className="mt-4 text-lg font-bold tracking-tight text-slate-900 dark:text-white">
        {stage.title}
      </h3>
      <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
        {stage.category}
      </p>
      <p className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-300">{stage.content}</p>

      <div className="mt-5">
        <div className="flex items-center justify-between text-sm">
          <span id={`${headingId}-energy`} className="inline-flex items-center gap-1.5 font-medium">
            <StageIcon name="bolt" className="size-4 text-amber-500" />
            Energy
          </span>
          <span className="font-semibold tabular-nums">{stage.energy}%</span>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot show the brand gradient in every browser */}
        <div
          role="meter"
          aria-labelledby={`${headingId}-energy`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={stage.energy}
          aria-valuetext={`${stage.energy}%`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-indigo-600 to-violet-600 dark:from-indigo-400 dark:to-violet-400"
            style={{ width: `${stage.energy}%` }}
          />
        </div>
      </div>

      {related.length > 0 && (
        <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-700">
          <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Connected stages
          </h4>
          <ul className="mt-2 flex flex-wrap gap-2">
            {related.map((other) => (
              <li key={other.id}>
                <button
                  type="button"
                  onClick={() => onJump(other.id)}
                  className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 transition hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-200 dark:hover:border-indigo-400/50 dark:hover:bg-indigo-400/10 dark:hover:text-indigo-200 dark:focus-visible:outline-indigo-400"
                >
                  <span className="sr-only">Go to </span>
                  {other.title}
                  <StageIcon name="arrow" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  )
}
