import { describe, expect, it } from 'vitest'
import type { RunResult } from './measure-run.ts'
import { checkTargets, formatColumns } from './report.ts'

const run = (lcp: number, cls = 0, tbt = 0): RunResult => ({
  lcp,
  lcpElement: 'h1',
  cls,
  tbt,
  fcp: lcp,
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

it('formatColumns pads each column to its widest cell', () => {
  expect(
    formatColumns([
      ['a', 'bb'],
      ['ccc', 'd'],
    ]),
  ).toEqual(['  a    bb', '  ccc  d'])
})
