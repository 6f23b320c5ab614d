import { VIDEO_CONVERSATIONS_PATH } from '#core/video-call.ts'
import { expect, test } from '../fixtures.ts'
import {
  expectElement,
  expectUnchanged,
  expectViewport,
  openVisualPage,
  panelOf,
  shotName,
  VARIANTS,
} from './visual-page.ts'

/**
 * The floating video call as the visitor sees it: the button, connecting, the live overlay with its
 * toast, the end confirmation, and the toast after it ends; and the toast when it cannot start. The
 * page's clock stands still (timers still run), so the countdown reads the same in every run.
 */

const FROZEN_NOW = new Date('2026-11-23T10:00:00Z')
const PERSONA = 'our AI support agent'

for (const { theme, width } of VARIANTS) {
  test(`the video call, ${theme}, ${width} px`, async ({ page, baseURL }) => {
    test.setTimeout(180_000)
    const name = (state: string) => shotName(state, theme, width)
    await page.clock.setFixedTime(FROZEN_NOW)
    await openVisualPage(page, { theme, width, widgetOrigin: baseURL as string })
    const widget = page.locator('voice-video-call')
    const button = widget.getByRole('button', { name: 'Start a video call' })
    await expect(button).toBeVisible()
    const panel = panelOf(page)
    await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
    const idle = await panel.screenshot({ animations: 'disabled' })
    // The bottom-left corner, where the button and its busy label live.
    const viewport = page.viewportSize() ?? { width, height: 800 }
    const corner = { x: 0, y: viewport.height - 120, width: Math.min(viewport.width, 480), height: 120 }
    await expectViewport(page, name('video-button'), { clip: corner })

    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(`**${VIDEO_CONVERSATIONS_PATH}`, async (route) => {
      await held
      await route.continue()
    })
    await button.click()
    await expect(widget.getByRole('button', { name: `Connecting to ${PERSONA}...` })).toBeVisible()
    await expectViewport(page, name('video-connecting'), { clip: corner })
    release()

    const dialog = widget.getByRole('dialog', { name: `Video call with ${PERSONA}` })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('status').filter({ hasText: 'Connected!' })).toBeVisible()
    await expectViewport(page, name('video-live'))
    await dialog.getByRole('button', { name: 'Dismiss notification' }).click()

    await page.keyboard.press('Escape')
    await expect(dialog.getByRole('button', { name: 'Keep talking' })).toBeFocused()
    await expectViewport(page, name('video-confirm-end'))
    await dialog.getByRole('button', { name: 'End call', exact: true }).click()
    await expect(dialog).toBeHidden()
    const ended = widget.getByRole('status').filter({ hasText: 'Call Ended' })
    await expect(ended).toBeVisible()
    await expectViewport(page, name('video-ended'))
    await ended.getByRole('button', { name: 'Dismiss notification' }).click()
    await expectUnchanged(page, panel, idle, 'a video call')
  })

  test(`a video call that cannot start, ${theme}, ${width} px`, async ({ page, baseURL }) => {
    await page.route(`**${VIDEO_CONVERSATIONS_PATH}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        json: {
          error: { code: 'video_unavailable', message: 'Unable to start video call. Please try again.' },
        },
      }),
    )
    await openVisualPage(page, { theme, width, widgetOrigin: baseURL as string })
    const widget = page.locator('voice-video-call')
    await widget.getByRole('button', { name: 'Start a video call' }).click()
    const failed = widget.getByRole('alert').filter({ hasText: 'Connection Failed' })
    await expectElement(page, failed, shotName('toast-video-failed', theme, width))
  })
}
