import { type PointerEvent, useRef, useState } from 'react'

/** SPEC §9: a toast swiped right by more than 50 px is dismissed. */
export const SWIPE_THRESHOLD_PX = 50
/** Movement below this is a tap (the close button keeps its click). */
const DRAG_START_PX = 4

interface Drag {
  pointerId: number
  startX: number
  startY: number
  dragging: boolean
}

/**
 * Swipe-right-to-dismiss with pointer events (mouse, touch and pen alike). The toast follows the
 * pointer to the right; released past the threshold it is dismissed, otherwise it springs back.
 * A mostly vertical move is left to the page, so phones still scroll.
 */
export function useToastSwipe(onDismiss: () => void) {
  const drag = useRef<Drag | null>(null)
  const [offset, setOffset] = useState(0)

  const end = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const current = drag.current
    if (!current || current.pointerId !== event.pointerId) return
    drag.current = null
    const distance = event.clientX - current.startX
    setOffset(0)
    if (!cancelled && current.dragging && distance > SWIPE_THRESHOLD_PX) onDismiss()
  }

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return
      drag.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        dragging: false,
      }
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = drag.current
      if (!current || current.pointerId !== event.pointerId) return
      const dx = event.clientX - current.startX
      const dy = event.clientY - current.startY
      if (!current.dragging) {
        if (Math.abs(dy) > Math.abs(dx) && Math.abs(dy) > DRAG_START_PX) {
          drag.current = null // a scroll, not a swipe
          return
        }
        if (Math.abs(dx) < DRAG_START_PX) return
        current.dragging = true
        // Captured only once it is a drag, so a plain click still lands on the close button.
        event.currentTarget.setPointerCapture?.(event.pointerId)
      }
      setOffset(Math.max(0, dx))
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
  }
  return { offset, handlers }
}
