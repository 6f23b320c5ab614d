import type { Locator, Page } from '@playwright/test'
import { VIDEO_CONVERSATIONS_PATH } from '#core/video-call.ts'
import { serveFakeDaily } from './fakes/fake-daily.ts'
import { expect, test } from './fixtures.ts'

/**
 * The page's one toast, whatever number of widget elements it has: a new toast replaces the old one,
 * it lies over the page (the panel keeps its height), a swipe to the right dismisses it, and inside a
 * dialog it never covers the dialog's controls.
 */

/** Every toast on screen, in every widget element of the page. */
const visibleToasts = (page: Page): Locator =>
  page
    .locator('voice-demo, voice-video-call')
    .locator('.toast-region [role=status] > *, .toast-region [role=alert] > *')

async function refuseVideoCalls(page: Page): Promise<void> {
  await page.route(`**${VIDEO_CONVERSATIONS_PATH}`, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      json: { error: { code: 'video_unavailable', message: 'Video calls are not available right now.' } },
    }),
  )
}

test("one toast per page: the panel's replaces the video button's, over the page, not in the card", async ({
  page,
  pageErrors,
}) => {
  await refuseVideoCalls(page)
  await serveFakeDaily(page)
  await page.goto('/embed-demo/')
  const demo = page.locator('voice-demo')
  const panel = demo.getByRole('region', { name: 'AI voice agent demo' })
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  const before = await panel.boundingBox()

  await page.locator('voice-video-call').getByRole('button', { name: 'Start a video call' }).click()
  await expect(page.locator('voice-video-call').getByRole('alert')).toContainText('Connection Failed')
  await expect(visibleToasts(page)).toHaveCount(1)
  // The card did not grow: the toast lies over the page.
  expect(await panel.boundingBox()).toEqual(before)

  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expect(demo.getByRole('status').filter({ hasText: 'Voice Assistant Connected' })).toBeVisible()
  await expect(visibleToasts(page)).toHaveCount(1)
  await expect(page.locator('voice-video-call').getByRole('alert')).toBeEmpty()
  const connected = await panel.boundingBox()
  await demo.getByRole('button', { name: 'Dismiss notification' }).click()
  await expect(visibleToasts(page)).toHaveCount(0)
  expect(await panel.boundingBox()).toEqual(connected)
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  expect(pageErrors).toEqual([])
})

test('a swipe to the right of 50 px or more dismisses a toast; a shorter one does not', async ({ page }) => {
  await refuseVideoCalls(page)
  await page.goto('/embed-demo/')
  const launcher = page.locator('voice-video-call')
  await launcher.getByRole('button', { name: 'Start a video call' }).click()
  const toast = launcher.getByRole('alert').locator('> *')
  await expect(toast).toContainText('Connection Failed')

  const swipe = async (distance: number) => {
    const box = await toast.boundingBox()
    if (!box) throw new Error('no toast')
    const [x, y] = [box.x + 24, box.y + box.height / 2]
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + distance, y, { steps: 5 })
    await page.mouse.up()
  }
  await swipe(40)
  await expect(toast).toBeVisible()
  await swipe(60)
  await expect(toast).toHaveCount(0)
})

/**
 * Fails for each part of the toast's dialog matching `selector` (its title, countdown, buttons, fields,
 * links) that the toast's card overlaps, naming it; the toast's own close button aside. Every box is
 * read in one go, at one moment. The toast leaves by itself after 5 s, which a busy machine can spend
 * between finding the card and reading it: the pointer on the card holds it, as it holds it for a
 * visitor reading it, and moves nothing.
 */
async function expectClearOf(card: Locator, selector: string): Promise<void> {
  await card.hover()
  const { covered, checked } = await card.evaluate((toast, selector) => {
    const t = toast.getBoundingClientRect()
    const found = { covered: [] as string[], checked: 0 }
    for (const part of toast.closest('dialog')?.querySelectorAll(selector) ?? []) {
      const box = part.getBoundingClientRect()
      if (part.closest('.toast-region') || box.width === 0 || box.height === 0) continue
      found.checked++
      const apart = box.left >= t.right || t.left >= box.right || box.top >= t.bottom || t.top >= box.bottom
      if (!apart) found.covered.push(part.getAttribute('aria-label') ?? part.textContent ?? part.tagName)
    }
    return found
  }, selector)
  expect(covered, `the toast covers ${covered.join(', ')}`).toEqual([])
  expect(checked, 'the title and the controls were on screen').toBeGreaterThanOrEqual(4)
}

test("inside the phone dialog, a toast covers none of the dialog's controls", { tag: '@phone' }, async ({
  page,
}) => {
  await page.goto('/embed-demo/')
  const demo = page.locator('voice-demo')
  await demo.getByRole('button', { name: 'Call Me' }).click()
  const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('12')
  await dialog.getByRole('button', { name: 'Call Me' }).click()
  const toast = dialog.getByRole('alert').locator('> *')
  await expect(toast).toContainText('Invalid Phone Number')
  await expectClearOf(toast, 'h2, button, input, a, [role=combobox]')
})

test("inside the video call, 'Connected!' covers neither the title, the countdown nor any control", {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/bright-smile-dental')
  const widget = page.locator('voice-video-call')
  await widget.getByRole('button', { name: 'Start a video call' }).click()
  const dialog = widget.getByRole('dialog', { name: 'Video call with our AI support agent' })
  const toast = dialog.getByRole('status').locator('> *')
  await expect(toast).toContainText('Connected!')
  await toast.hover() // held while the rest is waited for (expectClearOf)
  await expect(dialog.getByRole('timer', { name: 'Time left' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'End call' })).toBeVisible()
  await expectClearOf(toast, 'h2, [role=timer], button, a')
  await dialog.getByRole('button', { name: 'End call' }).click()
  await expect(dialog).toBeHidden()
})
