import { writeFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import {
  demoFor,
  diffPixels,
  expectPanelReady,
  expectVideoCallCycle,
  videoButtonIn,
} from './scenario-pages.ts'

/**
 * embed-demo/hostile-css.html: a theme with a 10 px root font size, global rules on *, button and div
 * (some !important), `all: unset` on the widget's tags, right-to-left text and a cookie banner at
 * z-index 99999. The shadow root and the widget's px-only stylesheet must keep it exactly as on the
 * neutral page.
 */

const SLUG = 'bright-smile-dental'

/** The panel, ready, and its screenshot; the floating button's box. */
async function capture(page: Page, path: string) {
  await page.goto(path)
  const demo = demoFor(page, SLUG)
  await expectPanelReady(demo, SLUG)
  await page.evaluate(() => document.fonts.ready)
  const panel = await demo.screenshot({ animations: 'disabled', caret: 'hide' })
  const button = await videoButtonIn(page).boundingBox()
  return { panel, button }
}

test('hostile CSS: the panel is pixel-identical to the neutral page and the video button stays above the banner', async ({
  page,
  browser,
  pageErrors,
}, testInfo) => {
  const neutral = await capture(page, '/embed-demo/neutral.html')
  const hostile = await capture(page, '/embed-demo/hostile-css.html')

  if (!hostile.panel.equals(neutral.panel)) {
    for (const [name, body] of [
      ['neutral', neutral.panel],
      ['hostile', hostile.panel],
    ] as const) {
      await writeFile(testInfo.outputPath(`${name}.png`), body)
      await testInfo.attach(`${name}.png`, {
        path: testInfo.outputPath(`${name}.png`),
        contentType: 'image/png',
      })
    }
    const diff = await diffPixels(browser, neutral.panel, hostile.panel)
    expect(diff, 'differing pixels (count -1: the sizes differ); see the attachments').toEqual({
      count: 0,
      box: null,
    })
  }

  // Same size and place (bottom left, 16 px in) as on the neutral page: the root font size did not shrink it.
  expect(hostile.button).toEqual(neutral.button)
  const box = hostile.button as NonNullable<typeof hostile.button>
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const onTop = await page.evaluate(({ x, y }) => {
    const banner = document.querySelector('.cookie-banner') as HTMLElement
    const area = banner.getBoundingClientRect()
    return {
      // Otherwise the check below could not fail: the banner must really cover the button's place.
      bannerCovers: x >= area.left && x <= area.right && y >= area.top && y <= area.bottom,
      hit: document.elementFromPoint(x, y)?.localName,
    }
  }, centre)
  expect(onTop).toEqual({ bannerCovers: true, hit: 'voice-video-call' })

  // The button takes the click, not the banner.
  await page.mouse.click(centre.x, centre.y)
  await expectVideoCallCycle(page)
  expect(pageErrors).toEqual([])
})
