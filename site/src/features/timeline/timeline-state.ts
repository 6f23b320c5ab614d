/**
 * The diagram's state, free of React and timers so that it can be tested alone: the rotation angle
 * and which stage (if any) is selected. The view decides when ticks happen (see use-rotation.ts).
 */
export interface TimelineState {
  /** Degrees, in [0, 360). */
  readonly angle: number
  readonly selectedId: number | null
}

export type TimelineAction =
  | { readonly type: 'tick' }
  /** Selecting the selected stage again releases it. */
  | { readonly type: 'select'; readonly id: number }
  /** Escape or a click on the background. */
  | { readonly type: 'release' }

export const ROTATION_STEP_DEGREES = 0.3
export const TICK_INTERVAL_MS = 50

export const initialTimelineState: TimelineState = { angle: 0, selectedId: null }

/** Counting in tenths of a degree keeps 0.3° steps exact: no floating-point drift over hours. */
const normaliseAngle = (degrees: number): number => (Math.round(degrees * 10) % 3600) / 10

export function reduceTimeline(state: TimelineState, action: TimelineAction): TimelineState {
  switch (action.type) {
    case 'tick':
      // A selection holds the diagram still; a stray tick must not move it.
      if (state.selectedId !== null) return state
      return { ...state, angle: normaliseAngle(state.angle + ROTATION_STEP_DEGREES) }
    case 'select':
      return { ...state, selectedId: state.selectedId === action.id ? null : action.id }
    case 'release':
      return state.selectedId === null ? state : { ...state, selectedId: null }
  }
}

/** The diagram turns only while nothing is selected. */
export const isRotationHeld = (state: TimelineState): boolean => state.selectedId !== null

/** The ids to highlight: those the selected stage links to. Empty when nothing is selected. */
export function getRelatedIds(
  stages: readonly { id: number; relatedIds: readonly number[] }[],
  selectedId: number | null,
): ReadonlySet<number> {
  const selected = stages.find((stage) => stage.id === selectedId)
  return new Set(selected?.relatedIds ?? [])
}
