import { type RefObject, useLayoutEffect, useState } from 'react'
import { getOrbitRadius, getOrbitSize, getStagePosition, MAX_ORBIT_RADIUS } from './orbit-layout.ts'
import { OrbitStage } from './orbit-stage.tsx'
import type { TimelineStage } from './timeline-stages.ts'

interface OrbitDiagramProps {
  stages: readonly TimelineStage[]
  angle: number
  rotating: boolean
  selectedId: number | null
  relatedIds: ReadonlySet<number>
  onSelect: (id: number) => void
  diagramRef: RefObject<HTMLDivElement | null>
  stageRefs: RefObject<Map<number, HTMLButtonElement>>
}

/** Width of the element, kept current; measured before paint so the first frame has the right radius. */
function useElementWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    setWidth(element.clientWidth)
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setWidth(element.clientWidth))
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}

/** The orbit: a ring, a glowing core and the five stages placed around it at the current angle. */
export function OrbitDiagram(props: OrbitDiagramProps) {
  const { stages, angle, rotating, selectedId, relatedIds, onSelect, diagramRef, stageRefs } = props
  const width = useElementWidth(diagramRef)
  // Before the first measurement (and where layout is not computed) assume the full-size design.
  const radius = width ? getOrbitRadius(width) : MAX_ORBIT_RADIUS
  const selectedTitle = stages.find((stage) => stage.id === selectedId)?.title ?? null

  return (
    <div
      ref={diagramRef}
      data-testid="timeline-orbit"
      data-angle={angle}
      data-rotating={rotating}
      className="relative w-full"
      style={{ height: getOrbitSize(radius) }}
    >
      <div
        aria-hidden="true"
        className="absolute top-1/2 left-1/2 -translate-1/2 rounded-full border border-dashed border-slate-300 dark:border-slate-700"
        style={{ width: radius * 2, height: radius * 2 }}
      />
      <div aria-hidden="true" className="absolute top-1/2 left-1/2 -translate-1/2">
        {rotating && (
          <span className="absolute inset-0 rounded-full bg-indigo-500/30 motion-safe:animate-ping dark:bg-indigo-400/20" />
        )}
        <span className="relative flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-indigo-600 to-violet-600 shadow-lg shadow-indigo-600/30">
          <span className="size-6 rounded-full bg-white/90 dark:bg-slate-950/60" />
        </span>
      </div>
      {stages.map((stage, index) => (
        <OrbitStage
          key={stage.id}
          stage={stage}
          position={getStagePosition(index, stages.length, angle, radius)}
          selected={stage.id === selectedId}
          relatedTo={relatedIds.has(stage.id) ? selectedTitle : null}
          onSelect={onSelect}
          buttonRef={(button) => {
            if (!button) return
            stageRefs.current.set(stage.id, button)
            return () => {
              stageRefs.current.delete(stage.id)
            }
          }}
        />
      ))}
    </div>
  )
}
