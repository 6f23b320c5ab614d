import { describe, expect, it } from 'vitest'
import { readBootTasks, type TraceEvent } from './boot-tasks.ts'

const PAGE = 'http://127.0.0.1:8787/embed-demo/bench-widget.html'
const RENDERER = { pid: 7, tid: 1 }
const isWidgetUrl = (url: string) => url.includes('/widget-chunks/') || /\/widget\.m?js$/.test(url)

/** A task on the renderer's main thread, `startMs` after navigation start, holding `inside` events. */
function task(startMs: number, ms: number, ...inside: Partial<TraceEvent>[]): TraceEvent[] {
  const ts = 1_000_000 + startMs * 1000
  return [
    { name: 'RunTask', ph: 'X', ts, dur: ms * 1000, ...RENDERER },
    ...inside.map((event) => ({
      name: 'FunctionCall',
      ph: 'X',
      ts: ts + 10,
      dur: 100,
      ...RENDERER,
      ...event,
    })),
  ]
}

const header: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ts: 0, ...RENDERER, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ts: 0, pid: 7, tid: 2, args: { name: 'Compositor' } },
  {
    name: 'navigationStart',
    ph: 'R',
    ts: 1_000_000,
    ...RENDERER,
    args: { data: { documentLoaderURL: PAGE } },
  },
]

describe('readBootTasks', () => {
  it("finds the longest task, and the longest that ran the widget's code by URL or as a module", () => {
    const events = [
      ...header,
      ...task(10, 80, { name: 'ParseHTML' }), // the page's own
      ...task(200, 30, { args: { data: { url: 'http://127.0.0.1:8787/widget.js' } } }),
      ...task(300, 45, { name: 'v8.evaluateModule', args: {} }),
      ...task(400, 20, { args: { data: { url: 'http://127.0.0.1:8787/widget-chunks/voice-demo-x.js' } } }),
    ]
    expect(readBootTasks(events, PAGE, 1000, isWidgetUrl)).toEqual({ longest: 80, longestWidget: 45 })
  })

  it('ignores tasks after the window, on other threads and before navigation start', () => {
    const widgetCall = { args: { data: { url: 'http://127.0.0.1:8787/widget.js' } } }
    const events = [
      ...header,
      ...task(-500, 300, widgetCall), // the previous page
      ...task(100, 10, widgetCall),
      ...task(2000, 90, widgetCall), // after the window
      ...task(100, 70, widgetCall).map((event) => ({ ...event, tid: 2 })),
    ]
    expect(readBootTasks(events, PAGE, 1000, isWidgetUrl)).toEqual({ longest: 10, longestWidget: 10 })
  })

  it('says so when the trace has no navigation to the page', () => {
    expect(() => readBootTasks(header, 'http://other/', 1000, isWidgetUrl)).toThrow(/no navigationStart/)
  })
})
