import type { Browser } from '@playwright/test'
import { OBSERVERS_SOURCE, type PageRecord, READ_RECORD_SOURCE } from './page-observers.ts'
import { openProfiledPage } from './profiled-page.ts'
import type { BenchProfile } from './profiles.ts'
import { computeCls, computeTbt } from './web-vitals.ts'

/** How long after the load event long tasks still count towards TBT. */
export const TBT_WINDOW_AFTER_LOAD_MS = 5000

export interface RunResult {
  readonly lcp: number
  readonly lcpElement: string
  readonly cls: number
  readonly tbt: number
  readonly fcp: number
  /** When the first frame that painted the demo panel's buttons began; 0 for a page without them. */
  readonly buttons: number
  readonly load: number
  /** Sum of resource-timing `transferSize` over every `.js` file the page fetched (headers included). */
  readonly jsTransferred: number
  readonly scriptUrls: readonly string[]
}

/**
 * One cold load of `url` in a fresh browser context (empty cache, no storage), throttled through CDP
 * as the profile says, observed until 5 s after the load event.
 */
export async function measureRun(browser: Browser, url: string, profile: BenchProfile): Promise<RunResult> {
  const { context, page } = await openProfiledPage(browser, profile, OBSERVERS_SOURCE)
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 })
    await page.waitForTimeout(TBT_WINDOW_AFTER_LOAD_MS)
    const record = (await page.evaluate(READ_RECORD_SOURCE)) as PageRecord
    return {
      lcp: record.lcp,
      lcpElement: record.lcpElement,
      cls: computeCls(record.shifts),
      tbt: computeTbt(record.tasks, record.fcp, record.loadEventEnd + TBT_WINDOW_AFTER_LOAD_MS),
      fcp: record.fcp,
      buttons: record.buttons,
      load: record.loadEventEnd,
      jsTransferred: record.scripts.reduce((sum, script) => sum + script.transferSize, 0),
      scriptUrls: record.scripts.map((script) => script.url),
    }
  } finally {
    await context.close()
  }
}
