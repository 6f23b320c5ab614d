import type { DemoAction } from '#core/demo-actions.ts'
import { serveFakeDaily } from '../fakes/fake-daily.ts'
import { expect, test } from '../fixtures.ts'
import { expectElement, openVisualPage, panelOf, shotName, VARIANTS } from './visual-page.ts'

/**
 * What the agent did for the business, under the panel's buttons: during a browser call and after it.
 * The call's stream is answered with fixed actions (the demo calendar's times move with the date), as
 * the server sends them.
 */

const ACTIONS: DemoAction[] = [
  {
    kind: 'booked',
    id: '1',
    at: '2026-11-30T15:00:00.000Z',
    appointment: {
      reference: 'B-4821',
      start: '2026-12-01T09:30',
      minutes: 30,
      name: 'Jane Doe',
      reason: 'check-up',
    },
  },
  {
    kind: 'message',
    id: '2',
    at: '2026-11-30T15:00:05.000Z',
    message: { name: 'Jane Doe', phone: '555 0100', text: 'Please call me about my crown.', urgent: true },
  },
  {
    kind: 'handed_over',
    id: '3',
    at: '2026-11-30T15:00:09.000Z',
    handOver: { to: 'the front desk', reason: 'Wants to talk about a bill' },
  },
]
const STREAM = ACTIONS.map(
  (action) => `event: action\nid: ${action.id}\ndata: ${JSON.stringify(action)}\n\n`,
).join('')

for (const { theme, width } of VARIANTS) {
  test(`what the agent did, ${theme}, ${width} px`, async ({ page, baseURL }) => {
    await page.route('**/api/demo-actions?**', (route) =>
      route.fulfill({
        contentType: 'text/event-stream',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: STREAM,
      }),
    )
    await serveFakeDaily(page)
    await openVisualPage(page, { theme, width, widgetOrigin: baseURL as string })
    const panel = panelOf(page)
    await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
    await panel.getByRole('button', { name: 'Test in Browser' }).click()
    const connected = panel.getByRole('status').filter({ hasText: 'Voice Assistant Connected' })
    await connected.getByRole('button', { name: 'Dismiss notification' }).click()
    const done = panel.getByRole('log', { name: 'What the agent did for Bright Smile Dental' })
    await expect(done.getByRole('listitem')).toHaveCount(3)

    await panel.getByRole('button', { name: 'Stop Call' }).click()
    const ended = panel.getByRole('status').filter({ hasText: 'Voice Assistant Disconnected' })
    await ended.getByRole('button', { name: 'Dismiss notification' }).click()
    await expect(ended).toBeHidden()
    await expect(done.getByRole('listitem')).toHaveCount(3)
    await expectElement(page, panel, shotName('actions-after-call', theme, width))
  })
}
