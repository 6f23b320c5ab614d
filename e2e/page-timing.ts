import type { Page, Route } from '@playwright/test'

/**
 * Holds the requests matching `url` until the returned function is called, then lets them go on to
 * the page's other routes (a fake's), or to the network when there is none.
 */
export async function hold(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route: Route) => {
    await released
    await route.fallback().catch(() => {}) // the page may have gone meanwhile
  })
  return release
}

/** Resolves once the page has painted what it has now. */
export const painted = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
