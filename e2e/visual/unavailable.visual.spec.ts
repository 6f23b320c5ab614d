import { expect, test } from '../fixtures.ts'
import { expectElement, openVisualPage, panelOf, shotName, VARIANTS } from './visual-page.ts'

/**
 * On a server with no voice or video settings: the panel offers nothing that would fail after the
 * visitor's input (both buttons shown as unavailable, with the reason), and there is no video button.
 */
for (const { theme, width } of VARIANTS) {
  test(`nothing configured, ${theme}, ${width} px`, async ({ page, noVoiceBaseURL }) => {
    const hidden: string[] = []
    page.on('console', (message) => {
      if (message.text().startsWith('[voice-demo] no video button')) hidden.push(message.text())
    })
    await openVisualPage(page, { theme, width, widgetOrigin: noVoiceBaseURL })
    const panel = panelOf(page)
    await expect(panel.getByRole('status')).toHaveText('Calls are not available right now.')
    for (const label of ['Test in Browser', 'Call Me']) {
      await expect(panel.getByRole('button', { name: label })).toHaveAttribute('aria-disabled', 'true')
    }
    await expectElement(page, panel, shotName('panel-unavailable', theme, width))
    await expect.poll(() => hidden).toEqual(['[voice-demo] no video button: video calls are not configured.'])
    await expect(page.locator('voice-video-call').getByRole('button')).toHaveCount(0)
  })
}
