import { describe, expect, it } from 'vitest'
import { ConfigError } from '../common/config-error.ts'
import { createDrain, type DrainOutcome, readShutdownSettings } from './draining.ts'

/** A clock the test moves by hand, so the phases are checked without waiting. */
function manualTimers() {
  let now = 0
  const timers = new Set<{ at: number; run: () => void }>()
  return {
    setTimer(run: () => void, ms: number) {
      const timer = { at: now + ms, run }
      timers.add(timer)
      return () => void timers.delete(timer)
    },
    advance(ms: number) {
      now += ms
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at <= now && timers.delete(timer)) timer.run()
      }
    },
  }
}

function setUp(graceMs = 5000, deadlineMs = 20_000) {
  const clock = manualTimers()
  let finishClose = (_error?: unknown) => {}
  const calls = { close: 0, forceClose: 0, done: [] as DrainOutcome[] }
  const drain = createDrain({
    graceMs,
    deadlineMs,
    setTimer: clock.setTimer,
    close: () => {
      calls.close += 1
      return new Promise<void>((resolve, reject) => {
        finishClose = (error) => (error === undefined ? resolve() : reject(error))
      })
    },
    forceClose: () => {
      calls.forceClose += 1
    },
    done: (outcome) => calls.done.push(outcome),
  })
  return { drain, clock, calls, finishClose: (error?: unknown) => finishClose(error) }
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('draining on a stop signal', () => {
  it('keeps serving through the grace period, then closes and ends once', async () => {
    const { drain, clock, calls, finishClose } = setUp()
    expect(drain.phase()).toBe('serving')
    drain.stop()
    expect(drain.phase()).toBe('draining')
    clock.advance(4999)
    expect(calls.close).toBe(0)
    clock.advance(1)
    expect(drain.phase()).toBe('closing')
    expect(calls.close).toBe(1)
    finishClose()
    await settle()
    expect(drain.phase()).toBe('closed')
    expect(calls.done).toEqual(['closed'])
    // The deadline timer was cancelled: nothing is dropped after a clean close.
    clock.advance(60_000)
    expect(calls.forceClose).toBe(0)
    expect(calls.done).toEqual(['closed'])
  })

  it('a second signal ends the grace period, a third drops the connections', async () => {
    const { drain, calls } = setUp()
    drain.stop()
    drain.stop()
    expect(drain.phase()).toBe('closing')
    expect(calls.close).toBe(1)
    drain.stop()
    expect(calls.forceClose).toBe(1)
    expect(calls.done).toEqual(['forced'])
    expect(drain.phase()).toBe('closed')
  })

  it('the deadline ends a close that does not finish', () => {
    const { drain, clock, calls } = setUp(5000, 8000)
    drain.stop()
    clock.advance(5000)
    expect(drain.phase()).toBe('closing')
    clock.advance(3000)
    expect(calls.forceClose).toBe(1)
    expect(calls.done).toEqual(['deadline'])
  })

  it('a close that fails ends the process as failed, once', async () => {
    const { drain, calls, finishClose } = setUp(0)
    drain.stop()
    expect(drain.phase()).toBe('closing')
    finishClose(new Error('database gone'))
    await settle()
    expect(calls.done).toEqual(['failed'])
  })
})

describe('shutdown settings', () => {
  it('defaults, and reads each variable', () => {
    expect(readShutdownSettings({})).toEqual({ graceMs: 10_000, deadlineMs: 30_000, maxConnections: 1000 })
    expect(
      readShutdownSettings({ SHUTDOWN_GRACE_MS: '0', SHUTDOWN_DEADLINE_MS: '500', MAX_CONNECTIONS: '64' }),
    ).toEqual({ graceMs: 0, deadlineMs: 500, maxConnections: 64 })
  })

  it('lists every bad value, and refuses a deadline inside the grace period', () => {
    expect(() => readShutdownSettings({ SHUTDOWN_GRACE_MS: 'soon', MAX_CONNECTIONS: '0' })).toThrow(
      /SHUTDOWN_GRACE_MS: must be a whole number[\s\S]*MAX_CONNECTIONS: must be a whole number/,
    )
    expect(() => readShutdownSettings({ SHUTDOWN_GRACE_MS: '5000', SHUTDOWN_DEADLINE_MS: '5000' })).toThrow(
      ConfigError,
    )
  })
})
