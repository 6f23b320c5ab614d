import { sendTranscript, serveFakeDaily } from '../fakes/fake-daily.ts'
import { expect, test } from '../fixtures.ts'
import { readHostEvents, recordHostEvents } from '../record-host-events.ts'
import {
  expectElement,
  expectUnchanged,
  openVisualPage,
  panelOf,
  parkPointer,
  shotName,
  VARIANTS,
} from './visual-page.ts'

/**
 * The demo panel through a browser call, against the fake voice platform: loading, idle, connecting,
 * live with the meter and captions, muted, captions off, and each of the call's toasts (the meter
 * and the elapsed time are painted over: they move). After the call the panel must be exactly what it
 * was before it.
 */

for (const { theme, width } of VARIANTS) {
  test(`the panel and a browser call, ${theme}, ${width} px`, async ({ page, baseURL }) => {
    test.setTimeout(180_000)
    const name = (state: string) => shotName(state, theme, width)
    let releaseProspect = () => {}
    const prospectHeld = new Promise<void>((resolve) => (releaseProspect = resolve))
    await page.route('**/api/prospects/**', async (route) => {
      await prospectHeld
      await route.continue()
    })
    let releaseDaily = () => {}
    await serveFakeDaily(page, { until: new Promise<void>((resolve) => (releaseDaily = resolve)) })
    await recordHostEvents(page)
    await openVisualPage(page, { theme, width, widgetOrigin: baseURL as string })
    const panel = panelOf(page)

    await expect(panel.getByRole('button', { name: 'Test in Browser' })).toBeVisible()
    await expectElement(page, panel, name('panel-loading'))
    releaseProspect()
    await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
    await expectElement(page, panel, name('panel-idle'))
    const idle = await panel.screenshot({ animations: 'disabled' })

    await panel.getByRole('button', { name: 'Test in Browser' }).click()
    await expect(panel.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
    await expectElement(page, panel, name('call-connecting'))
    releaseDaily()

    const connected = panel.getByRole('status').filter({ hasText: 'Voice Assistant Connected' })
    await expectElement(page, connected, name('toast-call-connected'))
    await connected.getByRole('button', { name: 'Dismiss notification' }).click()
    // The first message is over (speech-end): the agent listens, and the captions show what was said.
    await expect.poll(() => readHostEvents(page)).toContain('speech-end')
    await expect(panel.getByText('Listening')).toBeVisible()
    await sendTranscript(page, {
      role: 'assistant',
      transcriptType: 'final',
      transcript: 'Thanks for calling Bright Smile Dental! How can I help you today?',
    })
    await sendTranscript(page, {
      role: 'user',
      transcriptType: 'partial',
      transcript: 'I would like to book a cleaning',
    })
    await expect(panel.getByText('I would like to book a cleaning')).toBeVisible()
    await expectElement(page, panel, name('call-live'))

    await panel.getByRole('button', { name: 'Mute' }).click()
    await expect(panel.getByRole('button', { name: 'Unmute' })).toBeVisible()
    await expectElement(page, panel, name('call-muted'))
    await panel.getByRole('button', { name: 'Captions' }).click()
    await expect(panel.getByText('I would like to book a cleaning')).toBeHidden()
    await expectElement(page, panel, name('call-captions-off'))

    await panel.getByRole('button', { name: 'Stop Call' }).click()
    const ended = panel.getByRole('status').filter({ hasText: 'Voice Assistant Disconnected' })
    await expectElement(page, ended, name('toast-call-ended'))
    await ended.getByRole('button', { name: 'Dismiss notification' }).click()
    await expect(ended).toBeHidden()
    await expectUnchanged(page, panel, idle, 'a call')
  })

  test(`a call that cannot start, ${theme}, ${width} px`, async ({ page, baseURL }) => {
    // The platform cannot be reached from the browser: the SDK's web-call request fails.
    await page.route(`${process.env.E2E_VAPI_API_URL}/**`, (route) => route.abort('connectionrefused'))
    await openVisualPage(page, { theme, width, widgetOrigin: baseURL as string })
    const panel = panelOf(page)
    await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
    await expectElement(page, panel, shotName('panel-idle', theme, width))
    const idle = await panel.screenshot({ animations: 'disabled' })
    await panel.getByRole('button', { name: 'Test in Browser' }).click()
    const failed = panel.getByRole('alert').filter({ hasText: 'Connection Failed' })
    await expectElement(page, failed, shotName('toast-call-failed', theme, width))
    await failed.getByRole('button', { name: 'Dismiss notification' }).click()
    await parkPointer(page)
    await expectUnchanged(page, panel, idle, 'a failed start')
  })
}
