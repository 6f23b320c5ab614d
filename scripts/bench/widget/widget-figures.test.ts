import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PROFILES } from '../profiles.ts'
import type { LongTaskRun, PageRun } from './measure-page.ts'
import { BARE_PAGE, checkBarePage, WIDGET_PAGE } from './widget-bench.ts'
import { checkWidgetBudgets, summarizeRun, type WidgetFigures } from './widget-figures.ts'

const ORIGIN = 'http://127.0.0.1:8787'
const isWidgetUrl = (url: string) => /\/(widget\.m?js|widget-chunks\/)/.test(url)
const [desktop, phone] = PROFILES as [(typeof PROFILES)[0], (typeof PROFILES)[0]]

function page(probe: Partial<PageRun['probe']>, run: Partial<PageRun> = {}): PageRun {
  return {
    probe: { content: 100, buttons: 0, fcp: 100, resources: [], longTasks: [], ...probe },
    longestTask: 40,
    longestWidgetTask: 0,
    idleMsPerSecond: 0.2,
    idleFrom: 5000,
    ...run,
  }
}

describe('summarizeRun', () => {
  it("counts the widget's files and API answers finished before the buttons, against the bare page", () => {
    const widget = page(
      {
        content: 110,
        buttons: 300,
        resources: [
          { url: `${ORIGIN}/widget.js`, responseEnd: 120, encodedBodySize: 500 },
          { url: `${ORIGIN}/widget-chunks/voice-demo-a.js`, responseEnd: 180, encodedBodySize: 14000 },
          { url: `${ORIGIN}/api/prospects/x`, responseEnd: 280, encodedBodySize: 700 },
          { url: `${ORIGIN}/favicon.ico`, responseEnd: 200, encodedBodySize: 100 },
          // fetched on intent, after the first paint: not part of it
          { url: `${ORIGIN}/widget-chunks/connect-voice-b.js`, responseEnd: 900, encodedBodySize: 9000 },
        ],
      },
      { longestWidgetTask: 30, longestTask: 60, idleMsPerSecond: 0.5 },
    )
    const bare = page({ content: 100 })
    // Untraced loads: the widget's script arrived at 250; the page's own first layout was long on both.
    const longTasks: { bare: LongTaskRun; widget: LongTaskRun } = {
      widget: {
        tasks: [
          { startTime: 90, duration: 61 },
          { startTime: 260, duration: 88 },
        ],
        windowEnd: 1300,
        widgetArrival: 250,
      },
      bare: {
        tasks: [
          { startTime: 95, duration: 70 },
          { startTime: 1500, duration: 90 }, // after the bare page's window
        ],
        windowEnd: 1100,
        widgetArrival: Number.NaN,
      },
    }
    const brotli = new Map([
      [`${ORIGIN}/widget.js`, 400],
      [`${ORIGIN}/widget-chunks/voice-demo-a.js`, 11000],
      [`${ORIGIN}/api/prospects/x`, 600],
      [`${ORIGIN}/widget-chunks/connect-voice-b.js`, 4000],
    ])
    expect(summarizeRun({ bare, widget, longTasks }, brotli, isWidgetUrl)).toEqual({
      jsBrotli: 11400,
      apiBrotli: 600,
      buttons: 300,
      buttonsVsBare: 200,
      buttonsVsOwnContent: 190,
      contentDelay: 10,
      longestWidgetTask: 30,
      longestTaskWidgetPage: 60,
      longestTaskBarePage: 40,
      longTasksWidgetPage: 2,
      longTasksBarePage: 1,
      tbtWidgetPage: 11 + 38,
      tbtBarePage: 20,
      bootLongTasksWidgetPage: 1,
      bootLongTasksBarePage: 0,
      bootLongTasksVsBare: 1,
      idleDelta: expect.closeTo(0.3),
      // The widget page's idle window began once its one-off work was done, 4.7 s after its buttons.
      idleAfterButtons: 4700,
    })
  })
})

describe('checkWidgetBudgets', () => {
  const figures = (over: Partial<WidgetFigures>): WidgetFigures => ({
    jsBrotli: 11000,
    apiBrotli: 600,
    buttons: 200,
    buttonsVsBare: 30,
    buttonsVsOwnContent: 30,
    contentDelay: 0,
    longestWidgetTask: 20,
    longestTaskWidgetPage: 40,
    longestTaskBarePage: 40,
    longTasksWidgetPage: 0,
    longTasksBarePage: 0,
    tbtWidgetPage: 0,
    tbtBarePage: 0,
    bootLongTasksWidgetPage: 0,
    bootLongTasksBarePage: 0,
    bootLongTasksVsBare: 0,
    idleDelta: 0,
    idleAfterButtons: 4000,
    ...over,
  })

  it('judges the medians with the profile’s own time budget', () => {
    const runs = [
      figures({ buttonsVsBare: 100 }),
      figures({ buttonsVsBare: 120 }),
      figures({ buttonsVsBare: 900 }),
    ]
    const pass = (profile: typeof desktop) =>
      checkWidgetBudgets(profile, runs).map((check) => [check.figure, check.pass])
    expect(pass(desktop)).toContainEqual(['buttonsVsBare', false])
    expect(pass(phone)).toContainEqual(['buttonsVsBare', true])
  })

  it('fails a boot task of exactly 50 ms, and says so on the line', () => {
    const [, , task] = checkWidgetBudgets(phone, [figures({ longestWidgetTask: 50 })])
    expect(task?.line).toBe('FAIL  phone: longest boot task running widget code 50 ms (budget < 50 ms)')
  })

  it('judges long tasks at boot against the bare page at 4× CPU only, in every run, not the median', () => {
    const runs = [
      figures({}),
      figures({ bootLongTasksVsBare: 1 }),
      figures({}),
      figures({ bootLongTasksVsBare: -1 }),
      figures({}),
    ]
    const longTasks = (profile: typeof desktop, of = runs) =>
      checkWidgetBudgets(profile, of).find((check) => check.figure === 'bootLongTasksVsBare')
    expect(longTasks(desktop)).toBeUndefined()
    expect(longTasks(phone)).toMatchObject({ across: 'every run', value: 1, limit: 0, pass: false })
    expect(longTasks(phone)?.line).toBe(
      'FAIL  phone: long tasks once widget.mjs arrived, widget page − bare page +1 in the worst of 5 runs (budget ≤ +0 in every run)',
    )
    expect(longTasks(phone, [figures({}), figures({ bootLongTasksVsBare: -1 })])?.pass).toBe(true)
    // Unknown (no arrival on record) is not a pass.
    expect(longTasks(phone, [figures({ bootLongTasksVsBare: Number.NaN })])?.pass).toBe(false)
  })

  it('fails the bytes above 12 KB', () => {
    const [bytes] = checkWidgetBudgets(desktop, [figures({ jsBrotli: 12 * 1024 + 1 })])
    expect(bytes?.pass).toBe(false)
  })
})

describe('the benchmark pages', () => {
  it('differ by the snippet only', () => {
    expect(checkBarePage(readFileSync(WIDGET_PAGE, 'utf8'), readFileSync(BARE_PAGE, 'utf8'))).toBeNull()
  })

  it('are told apart when they differ otherwise', () => {
    const widget =
      '<p>a</p>\n<script type="module" async src="/widget.mjs"></script>\n<voice-demo slug="bright-smile-dental"></voice-demo>'
    expect(checkBarePage(widget, '<p>a</p>')).toBeNull()
    expect(checkBarePage(widget, '<p>b</p>')).toMatch(/is not/)
    expect(checkBarePage('<p>a</p>', '<p>a</p>')).toMatch(/lacks/)
  })
})
