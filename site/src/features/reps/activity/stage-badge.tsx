import { ENGAGEMENT_STAGES, type EngagementStage, STAGE_LABELS } from '#core/engagement.ts'

/**
 * The stage in words, with a stepper of one mark per stage, filled up to this one: the words carry
 * the meaning, the marks show at a glance how far along it is (and say "step 3 of 5" to a screen reader).
 */
export function StageBadge({ stage }: { stage: EngagementStage }) {
  const reached = ENGAGEMENT_STAGES.indexOf(stage)
  return (
    <span className="inline-flex flex-col gap-1">
      <span className="font-semibold">{STAGE_LABELS[stage]}</span>
      <span className="flex gap-1" aria-hidden="true">
        {ENGAGEMENT_STAGES.map((step, index) => (
          <span
            key={step}
            className={`h-1.5 w-4 rounded-full ${
              index <= reached ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-slate-200 dark:bg-slate-700'
            }`}
          />
        ))}
      </span>
      <span className="sr-only">
        (step {reached + 1} of {ENGAGEMENT_STAGES.length})
      </span>
    </span>
  )
}

/** "Hot", as a word in a badge (never colour alone); the rule is spelled out under the list. */
export function HotBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-orange-300 bg-orange-50 px-2 py-0.5 text-xs font-bold text-orange-800 dark:border-orange-500/40 dark:bg-orange-500/10 dark:text-orange-300">
      <span aria-hidden="true">▲</span>Hot
    </span>
  )
}
