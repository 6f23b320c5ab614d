import type { Ref } from 'react'
import { StageIcon } from './stage-icon.tsx'
import { getStatusLabel, type StageStatus, type TimelineStage } from './timeline-stages.ts'

const NODE_BY_STATUS: Record<StageStatus, string> = {
  completed: 'border-transparent bg-gradient-to-br from-indigo-600 to-violet-600 text-white',
  'in-progress':
    'border-violet-500 bg-white text-violet-700 dark:border-violet-400 dark:bg-slate-900 dark:text-violet-300',
  pending:
    'border-slate-300 bg-white text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-400',
}

interface OrbitStageProps {
  stage: TimelineStage
  position: { x: number; y: number }
  selected: boolean
  /** Title of the selected stage when this one is linked to it, for the visible and spoken cue. */
  relatedTo: string | null
  onSelect: (id: number) => void
  buttonRef?: Ref<HTMLButtonElement>
}

/** One stage on the orbit: a round icon with its title under it; the whole thing is the button. */
export function OrbitStage({ stage, position, selected, relatedTo, onSelect, buttonRef }: OrbitStageProps) {
  const related = relatedTo !== null
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-expanded={selected}
      aria-controls={selected ? 'timeline-stage-card' : undefined}
      data-stage-id={stage.id}
      onClick={() => onSelect(stage.id)}
      // The button's top-centre is the orbit point shifted up by half the 40 px circle.
      style={{
        transform: `translate(calc(-50% + ${position.x}px), calc(-20px + ${position.y}px))`,
        zIndex: selected ? 30 : Math.round(10 + position.y / 20),
      }}
      className="group absolute top-1/2 left-1/2 flex w-24 flex-col items-center gap-1.5 rounded-xl outline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
    >
      <span
        className={`flex size-10 items-center justify-center rounded-full border-2 shadow-md transition-transform motion-reduce:transition-none ${
          NODE_BY_STATUS[stage.status]
        } ${selected ? 'scale-110 ring-4 ring-indigo-500/40 dark:ring-indigo-400/50' : 'group-hover:scale-110'} ${
          related
            ? 'ring-2 ring-amber-400 ring-offset-2 ring-offset-white dark:ring-amber-300 dark:ring-offset-slate-900'
            : ''
        }`}
      >
        <StageIcon name={stage.icon} className="size-5" />
      </span>
      <span
        className={`rounded-md px-1 text-xs leading-4 font-semibold ${
          selected
            ? 'text-indigo-700 dark:text-indigo-300'
            : related
              ? 'text-amber-800 dark:text-amber-200'
              : 'text-slate-700 dark:text-slate-300'
        }`}
      >
        {stage.title}
      </span>
      <span className="sr-only">
        , {stage.date}, {getStatusLabel(stage.status).toLowerCase()}
        {related ? `, related to ${relatedTo}` : ''}
      </span>
    </button>
  )
}
