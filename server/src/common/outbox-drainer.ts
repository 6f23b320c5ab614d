import type { Logger } from '../logging/rate-limited-logger.ts'

export interface OutboxDrainerOptions {
  /** One drain of the outbox; `nextAt`: when something may be due next (null: nothing waiting). */
  drain: () => Promise<{ nextAt: Date | null }>
  logger: Logger
  /**
   * Runs once before the first drain: the embedded database's server frees the leases its previous
   * run left (it is the only drainer), so a nudge it was sending when killed goes out at once.
   */
  beforeFirst?: (() => Promise<unknown>) | undefined
  /** The longest wait between drains, whatever the outbox said: other servers queue nudges too. */
  pollMs?: number
  now?: () => number
}

export interface OutboxDrainer {
  /** Something was queued: drain now (or right after the drain under way). */
  poke(): void
  /** No new drain starts; resolves once the one under way has ended. */
  stop(): Promise<void>
}

const DEFAULT_POLL_MS = 10_000
/** Never sooner than this after a drain that said something is due: no busy loop on a clock skew. */
const MIN_WAIT_MS = 100

/**
 * The Node server's drainer: a drain at start, then whenever something may be due (at the earliest
 * retry or lease end the outbox reported, at least every `pollMs`), and at once when poked. One drain
 * at a time; a poke during a drain runs one more right after it. A failed drain is logged and the
 * next one comes at the next poll. Its timer never keeps the process alive.
 */
export function startOutboxDrainer(options: OutboxDrainerOptions): OutboxDrainer {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS
  const now = options.now ?? Date.now
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  let first = options.beforeFirst

  const schedule = (nextAt: Date | null) => {
    const wait = nextAt === null ? pollMs : Math.min(Math.max(nextAt.getTime() - now(), MIN_WAIT_MS), pollMs)
    timer = setTimeout(run, wait)
    timer.unref?.()
  }
  const drainOnce = async () => {
    let nextAt: Date | null = null
    try {
      const before = first
      first = undefined
      await before?.()
      nextAt = (await options.drain()).nextAt
    } catch (error) {
      options.logger.error('[nudges]', error)
    }
    running = undefined
    if (stopped) return
    if (again) {
      again = false
      run()
    } else schedule(nextAt)
  }
  function run() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    clearTimeout(timer)
    running = drainOnce()
  }

  run()
  return {
    poke: run,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
