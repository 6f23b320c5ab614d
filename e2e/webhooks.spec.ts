import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, hasHorizontalOverflow } from './fixtures.ts'
import type { RepProduct } from './rep-product.ts'
import { ADMIN, signInWithApi } from './rep-product.ts'
import { startWebhookProduct, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts'

/**
 * Outgoing webhooks as an admin lives them: a webhook added for the team's tool (a receiver on
 * loopback that checks every signature), its secret shown once, a test sent and its line in the
 * delivery log; axe finds nothing on the page, light or dark.
 */
const test = base.extend<Record<never, never>, { hooks: { product: RepProduct; receiver: WebhookReceiver } }>(
  {
    hooks: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
      async ({}, use) => {
        const receiver = await startWebhookReceiver()
        const product = await startWebhookProduct('voice-demo-e2e-webhooks-', receiver)
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

test('an admin adds a webhook, sends a test, and reads it delivered in the log', async ({ page, hooks }) => {
  const { receiver } = hooks
  await signInWithApi(page.request, ADMIN.email, ADMIN.password)
  await page.goto('/_/prospects')
  // The admin's navigation leads there.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Webhooks' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
  await expect(page.getByText('No webhooks yet.')).toBeVisible()

  const address = `${receiver.url}/hooks/crm`
  await page.getByLabel('Address').fill(address)
  await page.getByRole('checkbox', { name: 'Opened their page' }).uncheck()
  await page.getByRole('button', { name: 'Add webhook' }).click()
  const shown = page.getByRole('status').filter({ hasText: 'Webhook added' })
  await expect(shown).toContainText('it is shown only this once')
  const secret = (await shown.locator('code').first().textContent()) ?? ''
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
  receiver.secret = secret

  const card = page.getByRole('article', { name: address })
  await expect(card).toContainText(`Secret ending in ${secret.slice(-4)}`)
  await expect(card).toContainText('On · Tried the demo, Asked for a call, Booked a meeting')
  await card.getByRole('button', { name: 'Send a test' }).click()
  const log = card.getByRole('table', { name: `The last deliveries to ${address}, newest first` })
  await expect(log.getByRole('row').nth(1)).toContainText('Test')
  await expect(log.getByRole('row').nth(1)).toContainText('Delivered (HTTP 200)')
  expect(receiver.received).toHaveLength(1)
  expect(receiver.received[0]).toMatchObject({
    event: 'webhook.test',
    signatureValid: true,
    body: { type: 'webhook.test', prospect: null },
  })

  // Reloaded, the secret is gone for good: only its last characters.
  await page.reload()
  await expect(card).toContainText(`Secret ending in ${secret.slice(-4)}`)
  expect(await page.content()).not.toContain(secret)

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((choice) => localStorage.setItem('theme', choice), theme)
    await page.reload()
    await expect(log.getByRole('row').nth(1)).toContainText('Delivered (HTTP 200)')
    expect(await hasHorizontalOverflow(page)).toBe(false)
    const axe = await new AxeBuilder({ page }).analyze()
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      theme,
    ).toEqual([])
  }
})

test('a private address is refused when saved, in words', async ({ page }) => {
  await signInWithApi(page.request, ADMIN.email, ADMIN.password)
  await page.goto('/_/webhooks')
  await page.getByLabel('Address').fill('https://169.254.169.254/latest/meta-data')
  await page.getByRole('button', { name: 'Add webhook' }).click()
  await expect(page.getByLabel('Address')).toHaveAccessibleDescription(/private network/)
})
