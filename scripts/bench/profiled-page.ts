import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'
import type { BenchProfile } from './profiles.ts'

/**
 * A page in a fresh context (empty cache, no storage) that emulates `profile`: viewport and touch, and
 * CPU and network throttling through CDP. `initScript` runs before any of the page's own scripts.
 * Closing the context, or its browser, is the caller's.
 */
export async function openProfiledPage(
  browser: Browser,
  profile: BenchProfile,
  initScript: string,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: profile.isMobile,
    hasTouch: profile.isMobile,
  })
  try {
    await context.addInitScript({ content: initScript })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown })
    if (profile.network) {
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network })
    }
    return { context, page, cdp }
  } catch (error) {
    await context.close()
    throw error
  }
}
