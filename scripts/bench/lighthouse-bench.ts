import { chromium } from '@playwright/test'
import { OBSERVERS_SOURCE, type PageRecord, READ_RECORD_SOURCE } from './page-observers.ts'
import { openProfiledPage } from './profiled-page.ts'
import { type BenchProfile, describeProfile, SLOW_4G } from './profiles.ts'
import { computeCls, computeTbt, getMedian } from './web-vitals.ts'
import type { LaunchOptions } from './widget/widget-bench.ts'

/**
 * A Lighthouse-like mobile measure of our partner demo page (`/embed-demo/`), NOT Lighthouse itself.
 * Lighthouse is not installed here and adding it would bring some 200 packages into every install for
 * one benchmark, so this loads the page in the Chromium the tests use, through Playwright, as
 * Lighthouse's mobile run sets the device up: a Moto G Power's screen (412×823 at 1.75x, touch), the
 * CPU 4× slower and DevTools' Slow 4G, both applied through CDP (Lighthouse's default instead
 * simulates them from an unthrottled trace, so its times differ; layout shifts do not depend on that).
 * A PerformanceObserver in the page records layout shifts (CLS as Chrome counts it: the largest session
 * window), the largest contentful paint and long tasks (TBT from FCP until 5 s after the load event).
 * No performance score: that is Lighthouse's own weighting, which this does not pretend to compute.
 * A benchmark that prints figures, not a timed test.
 */
const PAGE = '/embed-demo/'
const RUNS = 3
/** docs/architecture.md, Budgets: the widget moves nothing on a partner's page. */
export const MOBILE_TARGETS = { cls: 0.01 } as const
/** How long after the load event the page is still watched (late shifts, long tasks). */
const WATCH_AFTER_LOAD_MS = 5000

/** Lighthouse's mobile device: a Moto G Power, 4× CPU slowdown, Slow 4G. */
export const LIGHTHOUSE_MOBILE: BenchProfile = {
  name: 'phone',
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  cpuSlowdown: 4,
  network: SLOW_4G,
  longTaskNetwork: null,
}

export interface MobileRun {
  cls: number
  lcp: number
  tbt: number
}

/** The medians of `runs` against the targets: one line each, and whether all hold. */
export function judgeMobileRuns(runs: readonly MobileRun[]): { pass: boolean; lines: string[] } {
  const cls = getMedian(runs.map((run) => run.cls))
  const pass = cls <= MOBILE_TARGETS.cls
  const line = `${pass ? 'PASS' : 'FAIL'}  CLS ${cls.toFixed(3)} (target ≤ ${MOBILE_TARGETS.cls}) (median)`
  return { pass, lines: [line] }
}

async function measureOnce(launch: LaunchOptions, url: string): Promise<MobileRun> {
  const browser = await chromium.launch({ executablePath: launch.executablePath, args: launch.launchArgs })
  try {
    const { page } = await openProfiledPage(browser, LIGHTHOUSE_MOBILE, OBSERVERS_SOURCE)
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 })
    // The panel has drawn the prospect's answer: everything the widget does on load has happened.
    await page
      .locator('voice-demo')
      .getByRole('heading', { name: /^Built for / })
      .waitFor({ timeout: 120_000 })
    await page.waitForTimeout(WATCH_AFTER_LOAD_MS) // an observation window, not a wait for an event
    const record = (await page.evaluate(READ_RECORD_SOURCE)) as PageRecord
    return {
      cls: computeCls(record.shifts),
      lcp: record.lcp,
      tbt: computeTbt(record.tasks, record.fcp, record.loadEventEnd + WATCH_AFTER_LOAD_MS),
    }
  } finally {
    await browser.close()
  }
}

/** `RUNS` cold loads of the partner demo page, each in a fresh browser; resolves whether CLS holds. */
export async function runLighthouseBench(origin: string, launch: LaunchOptions): Promise<boolean> {
  const url = `${origin}${PAGE}`
  console.log(`Lighthouse-like mobile measure (not Lighthouse): ${url}, ${RUNS} cold loads`)
  console.log(`  ${describeProfile(LIGHTHOUSE_MOBILE)}`)
  const runs: MobileRun[] = []
  for (let i = 0; i < RUNS; i++) {
    const run = await measureOnce(launch, url)
    runs.push(run)
    console.log(
      `  run ${i + 1}: CLS ${run.cls.toFixed(3)}, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms`,
    )
  }
  const { pass, lines } = judgeMobileRuns(runs)
  for (const line of lines) console.log(line)
  return pass
}
