import { describe, expect, it } from 'vitest'
import { getOrbitRadius, getOrbitSize, getStagePosition, MAX_ORBIT_RADIUS } from './orbit-layout.ts'

describe('getOrbitRadius', () => {
  it('uses 200 px where it fits and shrinks to fit a phone', () => {
    expect(getOrbitRadius(1000)).toBe(MAX_ORBIT_RADIUS)
    expect(getOrbitSize(getOrbitRadius(504))).toBe(504) // exactly wide enough for 200 px
    const phone = getOrbitRadius(326) // a 390 px screen less the page and section padding
    expect(phone).toBeLessThan(MAX_ORBIT_RADIUS)
    expect(getOrbitSize(phone)).toBeLessThanOrEqual(326)
  })
})

describe('getStagePosition', () => {
  it('starts at the top and spreads five stages 72° apart, turning clockwise', () => {
    const first = getStagePosition(0, 5, 0, 100)
    expect(first.x).toBeCloseTo(0)
    expect(first.y).toBeCloseTo(-100)
    const second = getStagePosition(1, 5, 0, 100)
    expect(second.x).toBeCloseTo(95.11)
    expect(second.y).toBeCloseTo(-30.9)
    // Turning by 72° moves stage 0 to where stage 1 was.
    expect(getStagePosition(0, 5, 72, 100)).toEqual(second)
    const right = getStagePosition(0, 5, 90, 100)
    expect(right.x).toBeCloseTo(100)
    expect(right.y).toBeCloseTo(0)
  })
})
