import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { startOutboxDrainer } from './outbox-drainer.ts'

// The drainer's timers run on the test's fake clock; the drains are promises the test settles.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-02T12:00:00Z') })
})
afterEach(() => {
  vi.useRealTimers()
})

/** What the drainer reads of a drain's result. */
type DrainResult = { nextAt: Date | null }
const done = (nextAt: Date | null = null): DrainResult => ({ nextAt })

/** A drain the test finishes by hand, one pending promise per call. */
function createManualDrain() {
  const pending: ((result: DrainResult) => void)[] = []
  return {
    drain: vi.fn(() => new Promise<DrainResult>((resolve) => pending.push(resolve))),
    async finish(result: DrainResult = done()) {
      pending.shift()?.(result)
      await vi.advanceTimersByTimeAsync(0)
    },
  }
}
const logger = { error: vi.fn() }

it('drains at start, after freeing the leases first, then at least every poll interval', async () => {
  const order: string[] = []
  const manual = createManualDrain()
  const drainer = startOutboxDrainer({
    drain: () => {
      order.push('drain')
      return manual.drain()
    },
    beforeFirst: async () => void order.push('release leases'),
    logger,
    pollMs: 10_000,
  })
  await vi.advanceTimersByTimeAsync(0)
  expect(order).toEqual(['release leases', 'drain'])
  await manual.finish(done(null))
  await vi.advanceTimersByTimeAsync(9_999)
  expect(order).toHaveLength(2)
  await vi.advanceTimersByTimeAsync(1)
  expect(order).toEqual(['release leases', 'drain', 'drain'])
  await manual.finish()
  await drainer.stop()
})

it('drains again when the outbox says the next nudge is due, if sooner than the poll', async () => {
  const manual = createManualDrain()
  const drainer = startOutboxDrainer({ drain: manual.drain, logger, pollMs: 10_000 })
  await vi.advanceTimersByTimeAsync(0)
  await manual.finish(done(new Date(Date.now() + 3_000)))
  await vi.advanceTimersByTimeAsync(2_999)
  expect(manual.drain).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(manual.drain).toHaveBeenCalledTimes(2)
  // Due an hour from now: the poll still comes first (another server may queue something).
  await manual.finish(done(new Date(Date.now() + 3_600_000)))
  await vi.advanceTimersByTimeAsync(10_000)
  expect(manual.drain).toHaveBeenCalledTimes(3)
  await manual.finish()
  await drainer.stop()
})

it('drains at once when poked, one drain at a time: pokes during a drain make one more after it', async () => {
  const manual = createManualDrain()
  const drainer = startOutboxDrainer({ drain: manual.drain, logger })
  await vi.advanceTimersByTimeAsync(0)
  await manual.finish()
  drainer.poke()
  await vi.advanceTimersByTimeAsync(0)
  expect(manual.drain).toHaveBeenCalledTimes(2)
  drainer.poke()
  drainer.poke()
  await vi.advanceTimersByTimeAsync(0)
  expect(manual.drain).toHaveBeenCalledTimes(2)
  await manual.finish()
  expect(manual.drain).toHaveBeenCalledTimes(3)
  await manual.finish()
  expect(manual.drain).toHaveBeenCalledTimes(3)
  await drainer.stop()
})

it('logs a failed drain and tries again at the next poll', async () => {
  const error = new Error('database away')
  const drain = vi.fn<() => Promise<DrainResult>>().mockRejectedValueOnce(error).mockResolvedValue(done())
  const drainer = startOutboxDrainer({ drain, logger, pollMs: 10_000 })
  await vi.advanceTimersByTimeAsync(0)
  expect(logger.error).toHaveBeenCalledWith('[nudges]', error)
  await vi.advanceTimersByTimeAsync(10_000)
  expect(drain).toHaveBeenCalledTimes(2)
  await drainer.stop()
})

it('stops cleanly: waits for the drain under way, then starts none, poked or not', async () => {
  const manual = createManualDrain()
  const drainer = startOutboxDrainer({ drain: manual.drain, logger, pollMs: 10_000 })
  await vi.advanceTimersByTimeAsync(0)
  drainer.poke()
  let stopped = false
  const stopping = drainer.stop().then(() => {
    stopped = true
  })
  await vi.advanceTimersByTimeAsync(0)
  expect(stopped).toBe(false)
  await manual.finish()
  await stopping
  expect(stopped).toBe(true)
  drainer.poke()
  await vi.advanceTimersByTimeAsync(60_000)
  expect(manual.drain).toHaveBeenCalledTimes(1)
})
