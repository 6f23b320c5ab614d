import type { Page, Response } from '@playwright/test'
import { getVideoConversationEndPath, VIDEO_CONVERSATIONS_PATH } from '#core/video-call.ts'
import {
  E2E_VIDEO_REPLICA_ID,
  E2E_VIDEO_SECONDS,
  readFrameMessages,
  readWebhookRequests,
} from './fakes/fake-video-webhook.ts'
import { expect, test } from './fixtures.ts'

/**
 * The floating video support call in Chromium: the widget's button and lazy overlay, our server's
 * `/api/video/conversations` routes, and a loopback fake of the video webhook whose conversation page
 * records the messages it receives (e2e/fakes/fake-video-webhook.ts). The e2e product's calls last
 * E2E_VIDEO_SECONDS (60 s); the tests that look at the countdown fix the page's clock (`Date.now`;
 * timers still run) and move it themselves, so they never race it, however busy the machine is.
 */

const PERSONA = 'our AI support agent'

function launcher(page: Page) {
  const widget = page.locator('voice-video-call')
  return {
    widget,
    button: widget.getByRole('button', { name: 'Start a video call' }),
    dialog: widget.getByRole('dialog', { name: `Video call with ${PERSONA}` }),
  }
}

const isStart = (response: Response) =>
  new URL(response.url()).pathname === VIDEO_CONVERSATIONS_PATH && response.request().method() === 'POST'
const isEnd = (conversationId: string) => (response: Response) =>
  new URL(response.url()).pathname === getVideoConversationEndPath(conversationId)

/** Asks our server to end `conversationId` again: `alreadyEnded` says whether the widget already did. */
async function endAgain(page: Page, conversationId: string): Promise<{ alreadyEnded: boolean }> {
  const response = await page.request.post(getVideoConversationEndPath(conversationId))
  expect(response.status()).toBe(200)
  return (await response.json()) as { alreadyEnded: boolean }
}

test(
  'start: "Connecting to …", then the call counts down, mute and camera reach the conversation page, End call ends it',
  { tag: '@phone' },
  async ({ page, pageErrors }, testInfo) => {
    const t0 = Date.now()
    await page.clock.setFixedTime(t0)
    await page.goto('/bright-smile-dental')
    const { widget, button, dialog } = launcher(page)

    // Hold the answer for a moment, to see the connecting state.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(`**${VIDEO_CONVERSATIONS_PATH}`, async (route) => {
      await held
      await route.continue()
    })
    const started = page.waitForResponse(isStart)
    await button.click()
    const connecting = widget.getByRole('button', { name: `Connecting to ${PERSONA}...` })
    await expect(connecting).toBeVisible()
    await expect(connecting).toHaveAttribute('aria-disabled', 'true')
    release()

    const answer = (await (await started).json()) as { conversationId: string; maxDurationSeconds: number }
    expect(answer.maxDurationSeconds).toBe(E2E_VIDEO_SECONDS)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('status')).toContainText(
      `Connected!You're now connected with ${PERSONA}. Your call will last 1 minute.`,
    )
    // The webhook got the prospect's call.
    expect(await readWebhookRequests()).toContainEqual(
      expect.objectContaining({
        replica_id: E2E_VIDEO_REPLICA_ID,
        conversation_name: expect.stringContaining('Bright Smile Dental'),
      }),
    )

    const frame = dialog.locator('iframe')
    await expect(frame).toHaveAttribute('allow', 'camera; microphone; autoplay; display-capture')
    // The platform's id (ours, answer.conversationId, is another): the fake's page is named by it.
    const platformId = new URL(String(await frame.getAttribute('src'))).pathname.split('/').pop() ?? ''
    await expect(
      page.frameLocator('voice-video-call iframe').getByText(`Fake video conversation ${platformId}`),
    ).toBeVisible()

    // The countdown runs, as m:ss.
    const timer = dialog.getByRole('timer', { name: 'Time left' })
    await expect(timer).toHaveText('1:00')
    await page.clock.setFixedTime(t0 + 1000)
    await expect(timer).toHaveText('0:59')

    // Focus is trapped in the dialog, starting on Mute.
    await expect(dialog.getByRole('button', { name: 'Mute' })).toBeFocused()
    const box = await dialog.boundingBox()
    const viewport = page.viewportSize()
    if (testInfo.project.name === 'phone') expect(box).toEqual({ x: 0, y: 0, ...viewport })
    else expect(box?.width).toBeLessThanOrEqual(1152)

    await dialog.getByRole('button', { name: 'Mute' }).click()
    await expect(dialog.getByRole('button', { name: 'Unmute' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Stop camera' }).click()
    await expect(dialog.getByRole('button', { name: 'Start camera' })).toBeVisible()
    const origin = new URL(page.url()).origin
    await expect
      .poll(() => readFrameMessages(platformId))
      .toEqual([
        { conversationId: platformId, origin, data: { type: 'toggleMute', muted: true } },
        { conversationId: platformId, origin, data: { type: 'toggleCamera', enabled: false } },
      ])

    // Escape asks first; keeping on talking changes nothing.
    await page.keyboard.press('Escape')
    await expect(dialog.getByText('End the video call? It cannot be resumed.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Keep talking' }).click()
    await expect(dialog.getByRole('button', { name: 'Unmute' })).toBeVisible()

    const ended = page.waitForResponse(isEnd(answer.conversationId))
    await dialog.getByRole('button', { name: 'End call' }).click()
    expect(((await (await ended).json()) as { alreadyEnded: boolean }).alreadyEnded).toBe(false)
    await expect(dialog).toBeHidden()
    await expect(widget.getByRole('status')).toContainText(
      `Call EndedYour video call with ${PERSONA} has ended.`,
    )
    await expect(button).toBeFocused() // the dialog handed the focus back
    await expect(button).toHaveAttribute('aria-disabled', 'false')
    expect(await endAgain(page, answer.conversationId)).toEqual(
      expect.objectContaining({ alreadyEnded: true }),
    )
    expect(pageErrors).toEqual([])
  },
)

test(`a call ends by itself when its ${E2E_VIDEO_SECONDS} s are up, and the end endpoint is called`, async ({
  page,
  pageErrors,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'timing, not layout: once is enough')
  // The page's clock (`Date.now`; timers still run) is moved to the end, so the test takes seconds.
  const t0 = Date.now()
  await page.clock.setFixedTime(t0)
  await page.goto('/')
  const { widget, button, dialog } = launcher(page)
  const started = page.waitForResponse(isStart)
  await button.click()
  const { conversationId } = (await (await started).json()) as { conversationId: string }
  // The countdown ends the call; a busy machine may take a while longer to get there.
  const ended = page.waitForResponse(isEnd(conversationId), { timeout: 60_000 })
  await expect(dialog.getByRole('timer')).toHaveText('1:00')
  await page.clock.setFixedTime(t0 + E2E_VIDEO_SECONDS * 1000)

  await ended
  await expect(dialog).toBeHidden()
  await expect(widget.getByRole('status')).toContainText('Call Ended')
  expect(await endAgain(page, conversationId)).toEqual(expect.objectContaining({ alreadyEnded: true }))
  expect(pageErrors).toEqual([])
})

test('leaving the page during a call ends it by beacon', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'browser behaviour, not layout')
  await page.goto('/embed-demo/')
  const { button, dialog } = launcher(page)
  const started = page.waitForResponse(isStart)
  await button.click()
  const { conversationId } = (await (await started).json()) as { conversationId: string }
  await expect(dialog).toBeVisible()

  // Playwright does not report beacons, so ask the server, once: by the time the next page has
  // painted, the beacon sent while the last one was hidden has long arrived. (Asking ends the call
  // too, so asking again and again could not tell a beacon from our own request.)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await endAgain(page, conversationId)).toEqual(expect.objectContaining({ alreadyEnded: true }))
})

test('a server with no video platform shows no video button, and the console says why', async ({
  page,
  noVoiceBaseURL,
  pageErrors,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one check is enough')
  const messages: string[] = []
  page.on('console', (message) => messages.push(message.text()))
  await page.goto(`${noVoiceBaseURL}/`)
  await expect.poll(() => messages).toContain('[voice-demo] no video button: video calls are not configured.')
  await expect(page.locator('voice-video-call').getByRole('button')).toHaveCount(0)
  expect(pageErrors).toEqual([])
})

test('a partner turns the button off with `hidden`', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one check is enough')
  await page.goto('/embed-demo/')
  const { button } = launcher(page)
  await expect(button).toBeVisible()
  await page.locator('voice-video-call').evaluate((element) => element.setAttribute('hidden', ''))
  await expect(button).toBeHidden()
})
