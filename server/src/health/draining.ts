import { ConfigError } from '../common/config-error.ts'

/**
 * How a Node server stops when asked (SIGTERM, Ctrl-C) without a request noticing:
 *
 * - `serving` → `draining` at the first signal: /readyz answers 503 `draining` at once, so the proxy's
 *   health check takes this server out, while it still serves everything it is sent (a request the
 *   proxy routed just before it noticed is answered, not refused) for the grace period.
 * - `draining` → `closing` when the grace period ends or at a second signal: it stops accepting, lets
 *   in-flight requests finish, finishes or hands back the outbox work it holds, closes the database.
 * - `closed`: done (`closed`), failed while closing (`failed`), or cut short by the deadline
 *   (`deadline`: connections dropped, the outbox's claims expire on their own) or a signal while
 *   already closing (`forced`).
 */
export type DrainPhase = 'serving' | 'draining' | 'closing' | 'closed'
export type DrainOutcome = 'closed' | 'failed' | 'deadline' | 'forced'

export interface ShutdownSettings {
  /** How long a draining server keeps serving before it stops accepting (the proxy's time to notice). */
  graceMs: number
  /** From the first signal: past it, the process ends whatever is still under way. */
  deadlineMs: number
  /** Concurrent connections accepted at most; more are refused at once, the server keeps answering. */
  maxConnections: number
}

export const DEFAULT_SHUTDOWN: ShutdownSettings = {
  graceMs: 10_000,
  deadlineMs: 30_000,
  maxConnections: 1000,
}

export interface DrainOptions {
  graceMs: number
  deadlineMs: number
  /** Stops accepting, waits for in-flight requests, hands back the outbox's work, closes the database. */
  close(): Promise<void>
  /** Drops every connection at once (the deadline, or a signal while closing). */
  forceClose(): void
  /** Called once, when the process may end. */
  done(outcome: DrainOutcome, error?: unknown): void
  /** Timers (tests pass their own clock). Returns a cancel function. */
  setTimer?: (run: () => void, ms: number) => () => void
}

export interface Drain {
  phase(): DrainPhase
  /** A stop signal: the first starts draining, the next ends the grace period, a third forces. */
  stop(): void
}

const realTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms)
  timer.unref()
  return () => clearTimeout(timer)
}

export function createDrain(options: DrainOptions): Drain {
  const setTimer = options.setTimer ?? realTimer
  let phase: DrainPhase = 'serving'
  let cancelGrace = () => {}
  let cancelDeadline = () => {}
  const finish = (outcome: DrainOutcome, error?: unknown) => {
    if (phase === 'closed') return
    phase = 'closed'
    cancelGrace()
    cancelDeadline()
    options.done(outcome, error)
  }
  const closeNow = () => {
    if (phase !== 'draining') return
    phase = 'closing'
    cancelGrace()
    options.close().then(
      () => finish('closed'),
      (error: unknown) => finish('failed', error),
    )
  }
  const force = (outcome: DrainOutcome) => {
    if (phase === 'closed') return
    options.forceClose()
    finish(outcome)
  }
  return {
    phase: () => phase,
    stop() {
      if (phase === 'serving') {
        phase = 'draining'
        cancelDeadline = setTimer(() => force('deadline'), options.deadlineMs)
        if (options.graceMs <= 0) closeNow()
        else cancelGrace = setTimer(closeNow, options.graceMs)
      } else if (phase === 'draining') {
        closeNow()
      } else if (phase === 'closing') {
        force('forced')
      }
    },
  }
}

const whole = (name: string, value: string | undefined, min: number, max: number, problems: string[]) => {
  if (value === undefined || value === '') return undefined
  if (!/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max) {
    problems.push(`${name}: must be a whole number from ${min} to ${max}`)
    return undefined
  }
  return Number(value)
}

/** SHUTDOWN_GRACE_MS, SHUTDOWN_DEADLINE_MS and MAX_CONNECTIONS (.env.example), every bad one listed. */
export function readShutdownSettings(env: Record<string, string | undefined>): ShutdownSettings {
  const problems: string[] = []
  const graceMs = whole('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 0, 600_000, problems)
  const deadlineMs = whole('SHUTDOWN_DEADLINE_MS', env.SHUTDOWN_DEADLINE_MS, 1, 3_600_000, problems)
  const maxConnections = whole('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 1, 1_000_000, problems)
  const settings: ShutdownSettings = {
    graceMs: graceMs ?? DEFAULT_SHUTDOWN.graceMs,
    deadlineMs: deadlineMs ?? DEFAULT_SHUTDOWN.deadlineMs,
    maxConnections: maxConnections ?? DEFAULT_SHUTDOWN.maxConnections,
  }
  // A deadline inside the grace period would cut off the requests the grace period is there to serve.
  if (problems.length === 0 && settings.deadlineMs <= settings.graceMs) {
    problems.push('SHUTDOWN_DEADLINE_MS: must be longer than SHUTDOWN_GRACE_MS')
  }
  if (problems.length > 0) throw new ConfigError(problems.join('\n'))
  return settings
}
