import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from 'react'
import { OrbitDiagram } from './orbit-diagram.tsx'
import { StageCard } from './stage-card.tsx'
import { ONBOARDING_STAGES } from './timeline-stages.ts'
import { getRelatedIds } from './timeline-state.ts'
import { useTimeline } from './use-timeline.ts'

/**
 * "Your onboarding plan": the orbital diagram of the five stages with
 * the selected stage's card beside it (below it on phones). `companyName` personalises the intro.
 */
export function OnboardingTimeline({ companyName }: { companyName?: string }) {
  const diagramRef = useRef<HTMLDivElement>(null)
  const cardRef = useRef<HTMLDivElement>(null)
  const stageRefs = useRef(new Map<number, HTMLButtonElement>())
  const { state, rotating, reducedMotion, select, release } = useTimeline(diagramRef)
  const selected = ONBOARDING_STAGES.find((stage) => stage.id === state.selectedId) ?? null
  const relatedIds = getRelatedIds(ONBOARDING_STAGES, state.selectedId)

  // On phones the card opens below the diagram: bring it into view (a no-op where it already is).
  useEffect(() => {
    if (state.selectedId === null) return
    cardRef.current?.scrollIntoView?.({ block: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' })
  }, [state.selectedId, reducedMotion])

  const jumpTo = (id: number) => {
    select(id)
    stageRefs.current.get(id)?.focus() // the pressed button disappears with the old card
  }
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || state.selectedId === null) return
    if (cardRef.current?.contains(document.activeElement)) stageRefs.current.get(state.selectedId)?.focus()
    release()
  }
  const handleBackgroundClick = (event: MouseEvent) => {
    if (!(event.target as Element).closest('button, [data-timeline-card]')) release()
  }

  return (
    // Background clicks are a pointer shortcut; Escape does the same from the keyboard.
    <section
      aria-labelledby="onboarding-timeline-heading"
      onClick={handleBackgroundClick}
      onKeyDown={handleKeyDown}
      className="mt-12 rounded-3xl border border-slate-200 bg-slate-50 px-3 py-10 sm:mt-16 sm:px-10 sm:py-14 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="text-center">
        <h2
          id="onboarding-timeline-heading"
          className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white"
        >
          Your onboarding plan
        </h2>
        <p className="mx-auto mt-4 max-w-2xl px-1 text-slate-600 dark:text-slate-400">
          Six weeks from the first call to an agent answering {companyName ? `${companyName}'s` : 'your'}{' '}
          phones. Select a stage to see what happens, when, and how far along it is.
        </p>
      </div>
      <div className="mt-8 grid items-center gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <OrbitDiagram
          stages={ONBOARDING_STAGES}
          angle={state.angle}
          rotating={rotating}
          selectedId={state.selectedId}
          relatedIds={relatedIds}
          onSelect={select}
          diagramRef={diagramRef}
          stageRefs={stageRefs}
        />
        <div ref={cardRef} className="scroll-mb-6">
          {selected ? (
            <StageCard
              stage={selected}
              related={ONBOARDING_STAGES.filter((stage) => relatedIds.has(stage.id))}
              onJump={jumpTo}
            />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
              Select a stage on the orbit to open its card. Press Escape or click the background to close it.
            </p>
          )}
        </div>
      </div>
    </section>
  )
}
