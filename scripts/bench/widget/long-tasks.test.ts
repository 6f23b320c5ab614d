import { describe, expect, it } from 'vitest'
import { summarizeLongTasks } from './long-tasks.ts'
import { formatLongTasks } from './widget-report.ts'

describe('summarizeLongTasks', () => {
  it('counts the tasks that began in the window, whole, and sums what each ran over 50 ms', () => {
    const tasks = [
      { startTime: 900, duration: 117 }, // ends after the window: counts whole
      { startTime: 20, duration: 61 }, // before FCP: counts too
      { startTime: 1000, duration: 300 }, // begins as the window ends: not in it
    ]
    expect(summarizeLongTasks(tasks, { until: 1000 })).toEqual({
      count: 2,
      tbt: 11 + 67,
      durations: [61, 117],
    })
  })

  it('starts the window at `from` when given', () => {
    const tasks = [
      { startTime: 249, duration: 80 },
      { startTime: 250, duration: 60 },
    ]
    expect(summarizeLongTasks(tasks, { from: 250, until: 1000 })).toEqual({
      count: 1,
      tbt: 10,
      durations: [60],
    })
  })

  it('takes no task of 50 ms or less as long', () => {
    expect(summarizeLongTasks([{ startTime: 10, duration: 50 }], { until: 1000 })).toEqual({
      count: 0,
      tbt: 0,
      durations: [],
    })
  })
})

describe('formatLongTasks', () => {
  it("lists one load's long tasks as duration@start, the page's own (before the widget) in brackets", () => {
    const tasks = [
      { startTime: 545.4, duration: 85.2 },
      { startTime: 293, duration: 64.6 },
    ]
    expect(formatLongTasks({ tasks, windowEnd: 1600, widgetArrival: 500 })).toBe('(65@293), 85@545')
    expect(formatLongTasks({ tasks: [], windowEnd: 1600, widgetArrival: 500 })).toBe('none')
  })

  it('brackets none on the bare page, which has no arrival', () => {
    const tasks = [{ startTime: 300, duration: 70 }]
    expect(formatLongTasks({ tasks, windowEnd: 1300, widgetArrival: Number.NaN })).toBe('70@300')
  })
})
