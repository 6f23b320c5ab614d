/** The orbit's designed radius, used whenever the container is wide enough. */
export const MAX_ORBIT_RADIUS = 200

/**
 * Room kept outside the orbit for half a stage button (20 px), the title under it and a margin, so
 * that no label pokes out of the container on a 390 px phone.
 */
export const ORBIT_LABEL_ROOM = 52

const MIN_ORBIT_RADIUS = 80

/** The largest radius up to 200 px whose stages and labels fit a container `width` px wide. */
export function getOrbitRadius(width: number): number {
  const fitting = Math.floor(width / 2 - ORBIT_LABEL_ROOM)
  return Math.max(MIN_ORBIT_RADIUS, Math.min(MAX_ORBIT_RADIUS, fitting))
}

/** Height of the square the orbit needs, labels included. */
export const getOrbitSize = (radius: number): number => 2 * (radius + ORBIT_LABEL_ROOM)

/**
 * Where stage `index` of `count` sits, relative to the centre, with the diagram turned by `angle`
 * degrees. Stage 0 starts at the top; positive angles turn clockwise on screen (y points down).
 */
export function getStagePosition(index: number, count: number, angle: number, radius: number) {
  const radians = (((index / count) * 360 + angle - 90) * Math.PI) / 180
  const round = (value: number) => Math.round(value * 100) / 100
  return { x: round(radius * Math.cos(radians)), y: round(radius * Math.sin(radians)) }
}
