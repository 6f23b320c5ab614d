import { describe, expect, it } from 'vitest'
import { busyVerdict, judgeVersus, summarizeLoads } from './versus-figures.ts'

const load = (sinceContent: number, longTasks = 0) => ({ sinceContent, bytes: 4500, longTasks })

describe('the side-by-side with Cal.com', () => {
  it('judges the medians: ours at most 0.8 of theirs, and no long task in any load of ours', () => {
    const theirs = summarizeLoads([load(30), load(20), load(40)])
    const fast = judgeVersus(summarizeLoads([load(16), load(10), load(90)]), theirs)
    expect(fast.ratio).toBeCloseTo(16 / 30)
    expect(fast.pass).toBe(true)
    expect(judgeVersus(summarizeLoads([load(24), load(23), load(25)]), theirs)).toEqual({
      ratio: 0.8,
      pass: true,
    })
    expect(judgeVersus(summarizeLoads([load(26), load(25), load(27)]), theirs).pass).toBe(false)
    // Fast, but one load of ours had a long task.
    expect(judgeVersus(summarizeLoads([load(10), load(10, 1), load(10)]), theirs).pass).toBe(false)
  })

  it('fails rather than passes when Cal.com showed its button in the frame of the content', () => {
    const theirs = summarizeLoads([load(0), load(0), load(16)])
    expect(judgeVersus(summarizeLoads([load(0)]), theirs)).toEqual({ ratio: Number.NaN, pass: false })
  })

  it('says the machine was too busy when the load average was above the cores at either end', () => {
    expect(busyVerdict(1.2, 1.9, 2)).toBeNull()
    expect(busyVerdict(2.5, 1.0, 2)).toMatch(
      /too busy to judge: load average 2.5 at the start and 1.0 at the end, on 2 cores/,
    )
    expect(busyVerdict(0.5, 3.0, 2)).toMatch(/too busy/)
  })
})
