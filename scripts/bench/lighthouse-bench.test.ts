import { expect, it } from 'vitest'
import { judgeMobileRuns, LIGHTHOUSE_MOBILE } from './lighthouse-bench.ts'
import { SLOW_4G } from './profiles.ts'

it("sets the device up as Lighthouse's mobile run does: a Moto G Power, CPU 4× slower, Slow 4G", () => {
  expect(LIGHTHOUSE_MOBILE).toMatchObject({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    cpuSlowdown: 4,
    network: SLOW_4G,
  })
})

it('judges the median CLS of the runs against 0.01', () => {
  const run = (cls: number) => ({ cls, lcp: 900, tbt: 0 })
  expect(judgeMobileRuns([run(0), run(0.2), run(0.005)])).toEqual({
    pass: true,
    lines: ['PASS  CLS 0.005 (target ≤ 0.01) (median)'],
  })
  expect(judgeMobileRuns([run(0.02), run(0), run(0.3)]).pass).toBe(false)
})
