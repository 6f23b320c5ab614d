/** A running countdown; `stop` cancels it (no further ticks). */
export interface Countdown {
  stop(): void
}

export type StartCountdown = (seconds: number, onTick: (secondsLeft: number) => void) => Countdown

/**
 * Calls `onTick` each time the whole seconds left change, down to and including 0, then stops.
 * Measured against a deadline rather than by counting ticks: a background tab's throttled timers
 * may skip seconds, but the call still ends on time.
 */
export const startCountdown: StartCountdown = (seconds, onTick) => {
  const deadline = Date.now() + seconds * 1000
  let shown = seconds
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const schedule = () => {
    const msLeft = Math.max(0, deadline - Date.now())
    const left = Math.ceil(msLeft / 1000)
    if (left !== shown) {
      shown = left
      onTick(left)
    }
    // Wake up when the next whole second is crossed.
    if (left > 0 && !stopped) timer = setTimeout(schedule, msLeft - (left - 1) * 1000)
  }
  schedule()
  return {
    stop() {
      stopped = true // also when called from inside onTick
      clearTimeout(timer)
    },
  }
}

/** The time left as m:ss (300 → "5:00", 8 → "0:08"). */
export const formatClock = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
