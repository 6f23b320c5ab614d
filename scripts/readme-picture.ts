/**
 * `npm run picture`: redraws the README's picture, `docs/images/prospect-page.png`, from the last
 * `npm run build`: a prospect's page as a visitor sees it when the voice platform is configured (its
 * API answered by the tests' loopback fake, so no key is needed), 1280 px wide, light theme, the top of
 * the page down to the demo panel. Run it after a change to what that part of the page looks like.
 */
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts'
import { NO_VIDEO_ENV } from '../e2e/fakes/fake-video-webhook.ts'
import { voiceEnv } from '../e2e/fakes/voice-platform.ts'
import { startFakeVapiApi } from '../widget/src/voice/testing/fake-vapi-api.ts'
import { startProduct } from './start-product.ts'

const OUT = 'docs/images/prospect-page.png'
const vapi = await startFakeVapiApi()
const product = await startProduct('voice-demo-picture-', { ...voiceEnv(vapi.url), ...NO_VIDEO_ENV })
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1200 }, reducedMotion: 'reduce' })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(`${product.url}/bright-smile-dental`)
  const panel = page.locator('voice-demo')
  await panel.getByRole('button', { name: 'Test in Browser' }).waitFor()
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: OUT })
  console.log(`wrote ${OUT}`)
} finally {
  await browser.close()
  await product.stop()
  await vapi.close()
}
