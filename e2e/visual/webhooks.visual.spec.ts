import type { Page } from '@playwright/test'
import { CSRF_HEADER, type OutgoingWebhookCreated } from '#core/rep-api.ts'
import { test as base, expect, hasHorizontalOverflow } from '../fixtures.ts'
import { ADMIN, type RepProduct, signInWithApi } from '../rep-product.ts'
import { startWebhookProduct, startWebhookReceiver, type WebhookReceiver } from '../webhook-receiver.ts'
import { parkPointer, shotName, VARIANTS } from './visual-page.ts'

/**
 * The Webhooks settings page compared with its baselines at a phone's and a desktop's width, light
 * and dark: the add form, and one webhook whose test was delivered to a loopback receiver, with its
 * delivery log. A product of this spec's own; one product for the file, its tests in order.
 */
const STAMP_TIME = '2026-03-02T14:05:00.000Z'
/** The receiver's random port, and the secret's random end, read the same in every picture. */
const SHOWN_ORIGIN = 'http://127.0.0.1:40000'

const test = base.extend<Record<never, never>, { hooks: { product: RepProduct; receiver: WebhookReceiver } }>(
  {
    hooks: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
      async ({}, use) => {
        const receiver = await startWebhookReceiver()
        const product = await startWebhookProduct('voice-demo-e2e-webhooks-visual-', receiver)
        await use({ product, receiver })
        await product.stop()
        await receiver.close()
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ hooks }, use) => {
      await use(hooks.product.url)
    },
  },
)

test.describe.configure({ mode: 'default' })
test.use({ locale: 'en-US', timezoneId: 'UTC' })

test.beforeAll(async ({ hooks, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: hooks.product.url })
  try {
    const session = await signInWithApi(request, ADMIN.email, ADMIN.password)
    const headers = { [CSRF_HEADER]: session.csrfToken }
    const added = await request.post('/api/reps/webhooks', {
      data: { url: `${hooks.receiver.url}/hooks/crm`, events: ['asked_for_call', 'booked', 'talked'] },
      headers,
    })
    expect(added.status()).toBe(201)
    const { webhook, secret } = (await added.json()) as OutgoingWebhookCreated
    hooks.receiver.secret = secret
    expect((await request.post(`/api/reps/webhooks/${webhook.id}/test`, { headers })).status()).toBe(202)
    await expect.poll(() => hooks.receiver.received.length).toBe(1)
  } finally {
    await request.dispose()
  }
})

/** The server's clock, the receiver's port and the secret's end: each answer gets fixed ones instead. */
async function fixAnswers(page: Page, receiver: WebhookReceiver): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/reps/'),
    async (route) => {
      const response = await route.fetch()
      if (!(response.headers()['content-type'] ?? '').includes('application/json')) {
        return route.fulfill({ response })
      }
      const body = (await response.text())
        .replace(/"(at|createdAt|asOf|lastSignedInAt)":"[^"]*"/g, `"$1":"${STAMP_TIME}"`)
        .replace(/"secretLast4":"[^"]*"/g, '"secretLast4":"Xy4q"')
        .replaceAll(receiver.url, SHOWN_ORIGIN)
      await route.fulfill({ response, body })
    },
  )
}

for (const { theme, width } of VARIANTS) {
  test(`reps-webhooks, ${theme}, ${width} px, top to bottom`, async ({ page, hooks }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.addInitScript((choice) => localStorage.setItem('theme', choice), theme)
    await page.clock.setFixedTime(STAMP_TIME)
    await fixAnswers(page, hooks.receiver)
    await signInWithApi(page.request, ADMIN.email, ADMIN.password)
    await page.goto('/_/webhooks')
    const card = page.getByRole('article', { name: `${SHOWN_ORIGIN}/hooks/crm` })
    await expect(card.getByRole('row').nth(1)).toContainText('Delivered (HTTP 200)')
    await page.evaluate(() => document.fonts.ready)
    expect(await hasHorizontalOverflow(page), 'nothing is wider than the screen').toBe(false)
    await parkPointer(page)
    await expect(page).toHaveScreenshot(shotName('reps-webhooks', theme, width), { fullPage: true })
  })
}
