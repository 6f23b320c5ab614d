import { type CSSProperties, useEffect, useRef, useState } from 'react'
import './contact.css'

/** 50 px squares moving 0.3 px per frame (at 60 fps), diagonally. */
export const GRID_SQUARE_PX = 50
export const GRID_SPEED = 0.3
/** Seconds for the grid to move one square: one loop of the CSS animation. */
export const GRID_CYCLE_SECONDS = GRID_SQUARE_PX / (GRID_SPEED * 60)

/**
 * The contact section's backdrop. A CSS animation rather than a canvas loop: it costs no script per
 * frame, stops under reduced motion, and is paused while the section is off-screen.
 */
export function AnimatedGrid() {
  const ref = useRef<HTMLDivElement>(null)
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new IntersectionObserver(([entry]) => setVisible(entry?.isIntersecting ?? false))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const style = { '--grid-cycle': `${GRID_CYCLE_SECONDS}s` } as CSSProperties
  return (
    <div
      ref={ref}
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 overflow-hidden [--grid-line:rgb(79_70_229/0.09)] [mask-image:radial-gradient(ellipse_at_center,black_35%,transparent_80%)] dark:[--grid-line:rgb(165_180_252/0.14)]"
    >
      <div className="contact-grid" style={style} data-paused={visible ? undefined : ''} />
    </div>
  )
}
