import type { Page } from '@playwright/test'
import { expect, scrollToEndShowing, test } from './fixtures.ts'

// A prospect opens the rep's link on a phone: the demo is one tap away on the first screen, the floating
// video button sits over no text, and the booking card is there the moment they arrive at it.
test.use({ viewport: { width: 390, height: 844 } })

/**
 * Text a visitor would see under the video button: with the button set aside, each point of its box
 * that shows a text node of the page is "covered". Points off the screen show nothing.
 */
async function textUnderVideoButton(page: Page): Promise<string[]> {
  const host = page.locator('voice-video-call')
  const box = await host.getByRole('button').boundingBox()
  if (!box) throw new Error('no video button')
  return host.evaluate((element, { x, y, width, height }) => {
    const html = element as HTMLElement
    html.style.visibility = 'hidden'
    const covered = new Set<string>()
    for (let px = x; px <= x + width; px += 8) {
      for (let py = y; py <= y + height; py += 8) {
        const under = document.elementFromPoint(px, py)
        for (const node of under?.childNodes ?? []) {
          if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue
          const range = document.createRange()
          range.selectNodeContents(node)
          const hit = [...range.getClientRects()].some(
            (r) => px >= r.left && px <= r.right && py >= r.top && py <= r.bottom,
          )
          if (hit) covered.add(node.textContent.trim())
        }
      }
    }
    html.style.visibility = ''
    return [...covered]
  }, box)
}

test('the first screen offers the demo, and one tap brings the panel up', async ({ page, pageErrors }) => {
  await page.goto('/bright-smile-dental')
  const cta = page.getByRole('link', { name: 'Talk to your agent' })
  await expect(cta).toBeInViewport({ ratio: 1 })
  await cta.click()
  const start = page.locator('voice-demo').getByRole('button', { name: 'Test in Browser' })
  await expect(start).toBeInViewport({ ratio: 1 })
  expect(pageErrors).toEqual([])
})

test('the general demo says "Try the demo" instead', async ({ page }) => {
  await page.goto('/visitor')
  await expect(page.getByRole('link', { name: 'Try the demo' })).toBeInViewport({ ratio: 1 })
})

test('the floating video button covers no text: on the first screen, mid-page and at the end', async ({
  page,
  noVoiceBaseURL,
}) => {
  await page.goto('/bright-smile-dental')
  const host = page.locator('voice-video-call')
  const button = host.getByRole('button', { name: 'Start a video call' })
  await expect(button).toBeVisible()
  await expect(page.locator('voice-video-call:state(shown)')).toHaveCount(1)
  // At a phone's width the site puts the button in the page's flow, at its end, rather than over it.
  expect(await textUnderVideoButton(page)).toEqual([])
  await expect(button).not.toBeInViewport()
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight / 2, behavior: 'instant' }),
  )
  expect(await textUnderVideoButton(page)).toEqual([])
  await scrollToEndShowing(page, button)
  expect(await textUnderVideoButton(page)).toEqual([])
  // Under the footer's text, and nothing of the page after it.
  const footerText = await page.getByRole('contentinfo').boundingBox()
  const buttonBox = await button.boundingBox()
  if (!footerText || !buttonBox) throw new Error('no footer or button')
  expect(footerText.y + footerText.height).toBeLessThanOrEqual(buttonBox.y)

  // Where the server runs no video calls, no button shows and the element takes no room at all.
  const decided = page.waitForEvent('console', (message) => message.text().includes('no video button'))
  await page.goto(`${noVoiceBaseURL}/bright-smile-dental`)
  await decided
  await expect(page.locator('voice-video-call:state(shown)')).toHaveCount(0)
  expect((await host.boundingBox())?.height).toBe(0)
})

test('arriving at the contact section shows the booking card at once', async ({ page }) => {
  // Calendly is out of reach here: its fallback card is what shows.
  await page.route(/calendly\.com/, (route) => route.abort())
  await page.goto('/')
  await page.evaluate(() => document.getElementById('contact')?.scrollIntoView({ behavior: 'instant' }))
  const card = page.locator('#booking')
  await expect(card).toBeInViewport()
  // Not fading in: fully opaque in the very first frames after arrival.
  const opacity = await card.evaluate((element) => {
    let node: Element | null = element
    let product = 1
    while (node) {
      product *= Number(getComputedStyle(node).opacity)
      node = node.parentElement
    }
    return product
  })
  expect(opacity).toBe(1)
})
