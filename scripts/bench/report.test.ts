import { describe, expect, it } from 'vitest'
import type { RunResult } from './measure-run.ts'
import { checkButtonsAtFcp, checkTargets, formatColumns } from './report.ts'

const run = (lcp: number, cls = 0, tbt = 0, buttons = 0): RunResult => ({
  lcp,
  lcpElement: 'h1',
  cls,
  tbt,
  fcp: lcp,
  buttons,
  load: lcp,
  jsTransferred: 0,
  scriptUrls: [],
})

describe('checkTargets', () => {
  it('judges the median, so one slow outlier does not fail the budget', () => {
    const checks = checkTargets([run(1500), run(1600), run(9000), run(1700), run(1550)])
    expect(checks.map((check) => [check.label, check.pass])).toEqual([
      ['LCP', true],
      ['CLS', true],
      ['TBT', true],
    ])
  })

  it('fails a target whose median is over the limit and says so on the line', () => {
    const checks = checkTargets([run(2100, 0.03, 200), run(2200, 0.03, 10), run(2300, 0.01, 300)])
    expect(checks.map((check) => check.line)).toEqual([
      'FAIL  LCP 2200 ms (target ≤ 2000 ms)',
      'FAIL  CLS 0.0300 (target ≤ 0.0200)',
      'FAIL  TBT 200 ms (target ≤ 150 ms)',
    ])
  })

  it('fails every target when there are no runs rather than passing silently', () => {
    expect(checkTargets([]).every((check) => !check.pass)).toBe(true)
  })
})

describe('checkButtonsAtFcp', () => {
  it("passes only when every run's first contentful paint had the panel's buttons", () => {
    // A frame that began before the paint painted them; a later frame, or none, did not.
    expect(checkButtonsAtFcp([run(900, 0, 0, 850), run(1000, 0, 0, 1000)]).pass).toBe(true)
    const late = checkButtonsAtFcp([run(900, 0, 0, 850), run(1000, 0, 0, 1016), run(1000)])
    expect(late.pass).toBe(false)
    expect(late.line).toBe(
      "FAIL  the panel's buttons in the first contentful paint in 1 of 3 runs (target: every run)",
    )
    expect(checkButtonsAtFcp([]).pass).toBe(false)
  })
})

it('formatColumns pads each column to its widest cell', () => {
  expect(
    formatColumns([
      ['a', 'bb'],
      ['ccc', 'd'],
    ]),
  ).toEqual(['  a    bb', '  ccc  d'])
})
