import { describe, expect, it } from 'vitest'
import { computeCls, computeTbt, getMedian } from './web-vitals.ts'

describe('computeCls', () => {
  it('takes the largest session window, not the sum over the whole page', () => {
    const shifts = [
      { startTime: 100, value: 0.01, hadRecentInput: false },
      { startTime: 600, value: 0.02, hadRecentInput: false },
      // more than 1 s after the previous shift: a new window
      { startTime: 2000, value: 0.025, hadRecentInput: false },
    ]
    expect(computeCls(shifts)).toBeCloseTo(0.03)
  })

  it('ignores shifts caused by recent input', () => {
    expect(computeCls([{ startTime: 10, value: 0.5, hadRecentInput: true }])).toBe(0)
  })

  it('closes a window after 5 s even when shifts keep coming', () => {
    const shifts = Array.from({ length: 12 }, (_, i) => ({
      startTime: i * 900,
      value: 0.01,
      hadRecentInput: false,
    }))
    // 0, 900 … 4500 fall in the first window (6 shifts); 5400 starts the second.
    expect(computeCls(shifts)).toBeCloseTo(0.06)
  })
})

describe('computeTbt', () => {
  it('counts only the part of each task over 50 ms, after FCP and before the end', () => {
    const tasks = [
      { startTime: 0, duration: 200 }, // clipped to 100…200 by FCP at 100: 50 ms blocking
      { startTime: 300, duration: 80 }, // 30 ms
      { startTime: 500, duration: 50 }, // not blocking
      { startTime: 900, duration: 300 }, // clipped to 900…1000: 50 ms
    ]
    expect(computeTbt(tasks, 100, 1000)).toBe(130)
  })
})

describe('getMedian', () => {
  it('picks the middle run whatever the order', () => {
    expect(getMedian([5, 1, 4, 2, 3])).toBe(3)
    expect(getMedian([4, 1, 3, 2])).toBe(2.5)
    expect(getMedian([])).toBeNaN()
  })
})
