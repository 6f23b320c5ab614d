import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatDuration, minutesLeftText } from './call-text.ts'
import { formatClock, startCountdown } from './countdown.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('startCountdown', () => {
  it('ticks once per whole second, down to and including 0, then stops', () => {
    const ticks: number[] = []
    startCountdown(3, (left) => ticks.push(left))
    expect(ticks).toEqual([])
    vi.advanceTimersByTime(999)
    expect(ticks).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ticks).toEqual([2])
    vi.advanceTimersByTime(2000)
    expect(ticks).toEqual([2, 1, 0])
    vi.advanceTimersByTime(10_000)
    expect(ticks).toEqual([2, 1, 0])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stops ticking when stopped, also from inside a tick', () => {
    const ticks: number[] = []
    const countdown = startCountdown(5, (left) => {
      ticks.push(left)
      if (left === 3) countdown.stop()
    })
    vi.advanceTimersByTime(10_000)
    expect(ticks).toEqual([4, 3])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('keeps to its deadline when timers fire late (a throttled background tab)', () => {
    const ticks: number[] = []
    startCountdown(300, (left) => ticks.push(left))
    // The tab sleeps for 61.5 s: the next tick says what is really left, and the end stays on time.
    vi.setSystemTime(Date.now() + 61_500)
    vi.advanceTimersByTime(1000)
    expect(ticks).toEqual([238])
    vi.advanceTimersByTime(237_499)
    expect(ticks.at(-1)).toBe(1)
    vi.advanceTimersByTime(1)
    expect(ticks.at(-1)).toBe(0)
  })
})

describe('formatClock', () => {
  it('shows the time left as m:ss', () => {
    expect([300, 299, 61, 60, 59, 8, 0].map(formatClock)).toEqual([
      '5:00',
      '4:59',
      '1:01',
      '1:00',
      '0:59',
      '0:08',
      '0:00',
    ])
  })
})

describe('call texts', () => {
  it("says the call's length in words", () => {
    expect([300, 60, 90, 8, 1].map(formatDuration)).toEqual([
      '5 minutes',
      '1 minute',
      '1 minute 30 seconds',
      '8 seconds',
      '1 second',
    ])
  })

  it('announces whole minutes left', () => {
    expect([4, 1].map(minutesLeftText)).toEqual(['4 minutes left', '1 minute left'])
  })
})
