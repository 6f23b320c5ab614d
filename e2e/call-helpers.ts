import type { FrameLocator, Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/**
 * A browser call as the visitor sees it, for specs that run one on a scenario page (the whole call
 * with the fakes is specified in voice-call.spec.ts). `root` is the page, or the frame the widget is in.
 */

/** A live call: the button and the widget's toast. */
export async function expectConnected(demo: Locator): Promise<void> {
  await expect(demo.getByRole('button', { name: 'Stop Call' })).toBeEnabled()
  await expect(demo.getByRole('status').filter({ hasText: 'Voice Assistant Connected' })).toContainText(
    'You can now speak with your AI assistant',
  )
}

/** An ended call: its toast, the buttons back, and no <audio> left in the document. */
export async function expectDisconnected(root: Page | FrameLocator, demo: Locator): Promise<void> {
  await expect(demo.getByRole('status').filter({ hasText: 'Voice Assistant Disconnected' })).toContainText(
    'Voice conversation has ended',
  )
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  await expect(root.locator('audio')).toHaveCount(0)
}

/** Blob workers alive in the page (the level meter's): none once a call is over. */
export const blobWorkers = (page: Page): string[] =>
  page
    .workers()
    .map((worker) => worker.url())
    .filter((url) => url.startsWith('blob:'))
