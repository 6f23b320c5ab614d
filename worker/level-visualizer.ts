/**
 * Draws the level meter: five rounded-off bars whose heights follow the level. Written against the
 * small part of the 2D context that OffscreenCanvas (in the worker) and HTMLCanvasElement (the
 * main-thread fallback) share, so both draw the same pixels.
 */

/** The part of a 2D context the visualizer uses. */
export interface LevelContext {
  fillStyle: unknown
  clearRect(x: number, y: number, width: number, height: number): void
  fillRect(x: number, y: number, width: number, height: number): void
}

/** An OffscreenCanvas or a canvas element; only its size and 2D context are used. */
export interface LevelCanvas {
  readonly width: number
  readonly height: number
  getContext(type: '2d'): unknown
}

/** Bar heights relative to the level: a hump, so that a single level still reads as a voice meter. */
const BAR_PROFILE = [0.45, 0.75, 1, 0.75, 0.45] as const
/** Bars never vanish, so the meter stays visible while nobody speaks. */
const MIN_BAR = 0.12
/** Brand indigo for the agent, violet for the visitor's own voice. */
const REMOTE_COLOR = '#4f46e5'
const LOCAL_COLOR = '#7c3aed'
const IDLE_COLOR = '#cbd5e1'

export interface LevelFrame {
  remote: number
  local: number
  live: boolean
}

export function drawLevelFrame(canvas: LevelCanvas, frame: LevelFrame): void {
  const context = canvas.getContext('2d') as LevelContext | null
  if (!context) return
  const { width, height } = canvas
  context.clearRect(0, 0, width, height)
  const level = frame.live ? Math.max(frame.remote, frame.local) : 0
  context.fillStyle = !frame.live ? IDLE_COLOR : frame.remote >= frame.local ? REMOTE_COLOR : LOCAL_COLOR
  const slot = width / BAR_PROFILE.length
  const barWidth = Math.max(1, Math.round(slot * 0.6))
  BAR_PROFILE.forEach((weight, index) => {
    const barHeight = Math.max(1, Math.round(height * Math.max(MIN_BAR, weight * level)))
    const x = Math.round(index * slot + (slot - barWidth) / 2)
    context.fillRect(x, Math.round((height - barHeight) / 2), barWidth, barHeight)
  })
}
