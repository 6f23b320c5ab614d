/**
 * Runs `work` once the browser has painted what the page shows now: in a task queued from the next
 * animation frame's callback, which runs after that frame's rendering. What a click shows (the
 * button's "Connecting...") is then on screen before this work starts, whatever it costs. A hidden
 * page renders no frames: there the work runs in a task.
 */
export function afterNextPaint(work: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(work)
  else requestAnimationFrame(() => setTimeout(work))
}
