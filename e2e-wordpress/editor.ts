import type { Frame, Page } from '@playwright/test'
import { pollUntil } from './page-checks.ts'

/** The block editor's screens, as a person uses them: its own labels, nothing of its internals. */

/** Opens `url` (a post editor or the Site Editor) with the first-visit guides closed whenever they open. */
export async function openEditor(page: Page, url: string): Promise<void> {
  await page.addLocatorHandler(
    page.getByRole('dialog', { name: /Welcome to the (block|site) editor/i }),
    (guide) => guide.getByRole('button', { name: 'Close' }).click(),
  )
  await page.goto(url)
}

/** Finds `search` in the block inserter and inserts the block called `name`; leaves the inserter closed. */
export async function insertBlock(page: Page, search: string, name: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Toggle block inserter' })
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
  await page.getByRole('searchbox', { name: 'Search for blocks and patterns' }).fill(search)
  await page.getByRole('option', { name, exact: true }).click()
  if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click()
}

/** The editor's settings sidebar, opened if it is not, on its "Block" tab (the selected block's settings). */
export async function sidebar(page: Page) {
  const gear = page.getByRole('button', { name: 'Settings', exact: true }).first()
  if ((await gear.getAttribute('aria-pressed')) !== 'true') await gear.click()
  const region = page.getByRole('region', { name: 'Editor settings' })
  const tab = region.getByRole('button', { name: /^Block( \(selected\))?$/ })
  if ((await tab.getAttribute('aria-label')) !== 'Block (selected)') await tab.click()
  await region.getByRole('button', { name: 'Block (selected)' }).waitFor()
  return region
}

/** The Site Editor's canvas, a frame of its own. */
export async function siteEditorCanvas(page: Page): Promise<Frame> {
  return pollUntil('the Site Editor canvas', async () =>
    page.frames().find((frame) => frame.name() === 'editor-canvas'),
  )
}

/**
 * Pastes `text` where the caret is, as the browser does from the clipboard: a paste event carrying
 * it as plain text (and as HTML when given).
 */
export async function paste(page: Page, text: string, html?: string): Promise<void> {
  await page.evaluate(
    ([plain, rich]) => {
      const data = new DataTransfer()
      data.setData('text/plain', plain)
      if (rich) data.setData('text/html', rich)
      const target = document.activeElement ?? document.body
      target.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    },
    [text, html ?? ''] as const,
  )
}
