import type { Locator, Page } from '@playwright/test'
import { DEMO_TOOLS } from '#core/demo-actions.ts'
import type { ProspectResponse } from '#core/prospect.ts'
import { E2E_PHONE, E2E_VOICE, readVapiRequests } from './fakes/voice-platform.ts'
import { expect, test } from './fixtures.ts'

/**
 * "Call Me" in Chromium: the widget's dialog, our server's `POST /api/calls/phone` and the loopback
 * fake of Vapi's `POST /call` (global-setup), on the prospect page and on a partner page.
 */

const PAGES = [
  { name: 'the prospect page (site)', path: '/bright-smile-dental' },
  { name: 'a partner page (embed snippet)', path: '/embed-demo/' },
]

async function openDialog(page: Page, path: string): Promise<{ demo: Locator; dialog: Locator }> {
  await page.goto(path)
  const demo = page.locator('voice-demo')
  await demo.getByRole('button', { name: 'Call Me' }).click()
  const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
  await expect(dialog).toBeVisible()
  return { demo, dialog }
}

/** The `POST /call` the fake received for `number` (tests run in parallel against one fake). */
async function placedCallsTo(number: string) {
  return (await readVapiRequests()).filter(
    (request) =>
      request.path === '/call' &&
      (request.body as { customer?: { number?: string } }).customer?.number === number,
  )
}

for (const { name, path } of PAGES) {
  test(`${name}: pick a country by keyboard, submit, 'Calling...', then the call is placed`, async ({
    page,
    pageErrors,
  }, testInfo) => {
    const { demo, dialog } = await openDialog(page, path)

    // The country listbox, by keyboard only: open it, type-ahead to Germany, choose.
    await dialog.getByRole('combobox', { name: 'Country' }).focus()
    await page.keyboard.press('ArrowDown')
    await expect(dialog.getByRole('listbox')).toBeVisible()
    await page.keyboard.type('ger')
    await expect(dialog.getByRole('option', { name: 'Germany (+49)' })).toHaveClass(/bg-accent-soft/)
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('listbox')).toBeHidden()
    await expect(dialog.getByRole('combobox', { name: 'Country' })).toContainText('Germany (+49)')

    // A distinct number per test: the fake is shared by parallel tests.
    const national = testInfo.project.name === 'phone' ? '0151 23456780' : '0151 23456781'
    const e164 = `+49${national.replace(/\D/g, '').slice(1)}`
    await page.keyboard.press('Tab')
    await page.keyboard.type(national)
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('button', { name: 'Calling...' })).toBeDisabled()

    await expect(dialog).toBeHidden()
    await expect(demo.getByRole('status').filter({ hasText: 'Call Initiated' })).toContainText(
      `Calling ${e164}... You should receive a call shortly.`,
    )
    // Focus is back on the button that opened the dialog.
    await expect(demo.getByRole('button', { name: 'Call Me' })).toBeFocused()

    const [placed] = await placedCallsTo(e164)
    expect(placed?.method).toBe('POST')
    expect(placed?.headers.authorization).toBe(`Bearer ${E2E_PHONE.privateKey}`)
    const { prospect } = (await (
      await page.request.get('/api/prospects/bright-smile-dental')
    ).json()) as ProspectResponse
    expect(placed?.body).toEqual({
      assistantId: E2E_VOICE.assistantId,
      phoneNumberId: E2E_PHONE.phoneNumberId,
      customer: { number: e164 },
      // The prospect's agent, as the page serves it, nothing recorded; the call names its prospect and
      // the visitor's tab, so its end-of-call report finds them.
      assistantOverrides: {
        firstMessage: prospect.firstMessage,
        model: {
          ...E2E_VOICE.model,
          messages: [{ role: 'system', content: prospect.system }],
          tools: DEMO_TOOLS,
        },
        variableValues: prospect.variables,
        metadata: {
          prospectSlug: 'bright-smile-dental',
          // A headless browser's visit is not counted (the server begins none): no visit to name.
          visitId: null,
          source: 'phone',
        },
        artifactPlan: { recordingEnabled: false, videoRecordingEnabled: false, pcapEnabled: false },
      },
    })

    // Reopened, the dialog is empty again.
    await demo.getByRole('button', { name: 'Call Me' }).click()
    await expect(dialog.getByRole('textbox', { name: 'Phone number' })).toHaveValue('')
    expect(pageErrors).toEqual([])
  })

  test(`${name}: an invalid number is named in the dialog, and Escape closes it`, async ({
    page,
    pageErrors,
  }) => {
    const { demo, dialog } = await openDialog(page, path)
    const field = dialog.getByRole('textbox', { name: 'Phone number' })
    await field.fill('12 34')
    await dialog.getByRole('button', { name: 'Call Me' }).click()
    await expect(dialog.getByRole('alert')).toContainText('Invalid Phone Number')
    await expect(dialog.getByRole('alert')).toContainText('Please enter a valid phone number')
    await field.fill('   ')
    await dialog.getByRole('button', { name: 'Call Me' }).click()
    await expect(dialog.getByRole('alert')).toContainText('Phone Number Required')

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(demo.getByRole('button', { name: 'Call Me' })).toBeFocused()
    expect(pageErrors).toEqual([])
  })

  test(`${name}: a refused number marks the field with its reason; the example number is called, and no warning stays`, async ({
    page,
    pageErrors,
  }, testInfo) => {
    const { demo, dialog } = await openDialog(page, path)
    const field = dialog.getByRole('textbox', { name: 'Phone number' })
    // The placeholder is a number the server dials, written as the country writes it.
    await expect(field).toHaveAttribute('placeholder', '(201) 555-0123')
    await expect(field).not.toHaveAttribute('aria-invalid')

    await field.fill('12 34')
    await dialog.getByRole('button', { name: 'Call Me' }).click()
    // The toast first: it leaves by itself after 5 s, the mark on the field stays.
    await expect(dialog.getByRole('alert')).toContainText('Invalid Phone Number')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription('Please enter a valid phone number')
    await expect(field).toBeFocused()

    // Another number (from the placeholder's range, one per test: the fake is shared): the mark, its
    // reason and the toast about the old number go at once.
    const last = { desktop: 1, phone: 2 }[testInfo.project.name] ?? 3
    const national = `(201) 555-01${path === '/embed-demo/' ? 5 : 6}${last}`
    await field.fill(national)
    await expect(field).not.toHaveAttribute('aria-invalid')
    await expect(field).toHaveAccessibleDescription('')
    await expect(dialog.getByRole('alert')).toBeEmpty()

    // While it is being called, and once placed, nothing says the number is invalid.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/calls/phone', async (route) => {
      await held
      await route.continue()
    })
    await dialog.getByRole('button', { name: 'Call Me' }).click()
    await expect(dialog.getByRole('button', { name: 'Calling...' })).toBeDisabled()
    await expect(demo.getByText('Invalid Phone Number')).toHaveCount(0)
    release()
    await expect(dialog).toBeHidden()
    await expect(demo.getByRole('status').filter({ hasText: 'Call Initiated' })).toContainText(
      `Calling +1${national.replace(/\D/g, '')}...`,
    )
    await expect(demo.getByText('Invalid Phone Number')).toHaveCount(0)
    expect(pageErrors).toEqual([])
  })
}

test(
  'on a phone the dialog is a full-width sheet at the bottom',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout')
    const { dialog } = await openDialog(page, '/embed-demo/')
    const box = await dialog.boundingBox()
    const viewport = page.viewportSize()
    expect(box?.width).toBe(viewport?.width)
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(viewport?.height)
  },
)

test('the back arrow closes the dialog; on our site it stays on the prospect page', async ({ page }) => {
  const { dialog } = await openDialog(page, '/bright-smile-dental')
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog).toBeHidden()
  expect(new URL(page.url()).pathname).toBe('/bright-smile-dental')
})

test("on a partner's page the back arrow only closes the dialog: the address and history stay the partner's", async ({
  page,
}) => {
  const { dialog } = await openDialog(page, '/embed-demo/')
  const before = await page.evaluate(() => ({ url: location.href, length: history.length }))
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog).toBeHidden()
  expect(await page.evaluate(() => ({ url: location.href, length: history.length }))).toEqual(before)
})

test("our site opts in: for a link it does not know, the back arrow shows the general demo's own page", async ({
  page,
}) => {
  // An unknown link shows the general prospect, `visitor`, whose own page is /visitor.
  await page.goto('/someone-new')
  const demo = page.locator('voice-demo')
  await expect(demo).toHaveAttribute('back-navigation', '')
  await demo.getByRole('button', { name: 'Call Me' }).click()
  const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/visitor$/)
})
