import { type RefObject, useCallback, useReducer } from 'react'
import { initialTimelineState, isRotationHeld, reduceTimeline, TICK_INTERVAL_MS } from './timeline-state.ts'
import { useInterval, useIsOnScreen, usePageVisible, usePrefersReducedMotion } from './use-motion-gates.ts'

/**
 * The timeline's state plus its clock: it turns 0.3° per 50 ms tick only while nothing is selected,
 * the visitor allows motion, the diagram is on screen and the tab is visible.
 */
export function useTimeline(diagramRef: RefObject<Element | null>) {
  const [state, dispatch] = useReducer(reduceTimeline, initialTimelineState)
  const reducedMotion = usePrefersReducedMotion()
  const onScreen = useIsOnScreen(diagramRef)
  const pageVisible = usePageVisible()
  const rotating = !isRotationHeld(state) && !reducedMotion && onScreen && pageVisible

  const tick = useCallback(() => dispatch({ type: 'tick' }), [])
  useInterval(tick, TICK_INTERVAL_MS, rotating)

  const select = useCallback((id: number) => dispatch({ type: 'select', id }), [])
  const release = useCallback(() => dispatch({ type: 'release' }), [])
  return { state, rotating, reducedMotion, select, release }
}
