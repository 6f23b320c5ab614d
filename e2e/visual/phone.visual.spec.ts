import type { Route } from '@playwright/test'
import { PHONE_CALL_PATH } from '#core/phone-call.ts'
import { expect, test } from '../fixtures.ts'
import {
  expectElement,
  expectUnchanged,
  expectViewport,
  openVisualPage,
  panelOf,
  shotName,
  VARIANTS,
} from './visual-page.ts'

/**
 * "Call Me" as the visitor sees it, the whole viewport with the dialog over the page: open, the
 * country list, each refusal (as a toast inside the dialog, clear of its controls), 'Calling...', and
 * the confirmation after it closes. Closed again, the panel is exactly what it was.
 */

/** Answers the phone route as the server does when it refuses: status and the error body. */
const refuse = (status: number, code: string, message: string) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', json: { error: { code, message } } })

for (const [index, { theme, width }] of VARIANTS.entries()) {
  test(`the phone dialog, ${theme}, ${width} px`, async ({ page, baseURL }) => {
    test.setTimeout(180_000)
    const name = (state: string) => shotName(state, theme, width)
    await openVisualPage(page, { theme, width, widgetOrigin: baseURL as string })
    const panel = panelOf(page)
    await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
    await expectElement(page, panel, name('panel-idle'))
    const idle = await panel.screenshot({ animations: 'disabled' })

    await panel.getByRole('button', { name: 'Call Me' }).click()
    const dialog = panel.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
    await expect(dialog).toBeVisible()
    await expectViewport(page, name('phone-open'))

    await dialog.getByRole('combobox', { name: 'Country' }).click()
    await expect(dialog.getByRole('listbox')).toBeVisible()
    await expectViewport(page, name('phone-countries'))
    await page.keyboard.press('Escape')
    await expect(dialog.getByRole('listbox')).toBeHidden()

    const field = dialog.getByRole('textbox', { name: 'Phone number' })
    const submit = dialog.getByRole('button', { name: 'Call Me' })
    const refusal = async (state: string, title: string) => {
      const alert = dialog.getByRole('alert').filter({ hasText: title })
      await expect(alert).toBeVisible()
      await expectViewport(page, name(state))
      await alert.getByRole('button', { name: 'Dismiss notification' }).click()
      await expect(alert).toBeHidden()
    }
    await field.fill('   ')
    await submit.click()
    await refusal('phone-required', 'Phone Number Required')
    await field.fill('12 34')
    await submit.click()
    await refusal('phone-invalid', 'Invalid Phone Number')

    await field.fill(`(415) 555-020${index}`)
    await page.route(
      `**${PHONE_CALL_PATH}`,
      refuse(429, 'rate_limited', 'Too many calls were requested from here. Please try again in an hour.'),
    )
    await submit.click()
    await refusal('phone-limited', 'Too Many Calls')
    await page.unroute(`**${PHONE_CALL_PATH}`)
    await page.route(
      `**${PHONE_CALL_PATH}`,
      refuse(503, 'unavailable', 'Something went wrong on our side. Please try again.'),
    )
    await submit.click()
    await refusal('phone-failed', 'Call Failed')
    await page.unroute(`**${PHONE_CALL_PATH}`)

    // One number per variant: the same picture every run, and no two tests running in parallel on the
    // shared fake platform with the same number.
    await field.fill(`(415) 555-020${index}`)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(`**${PHONE_CALL_PATH}`, async (route) => {
      await held
      await route.continue()
    })
    await submit.click()
    await expect(dialog.getByRole('button', { name: 'Calling...' })).toBeDisabled()
    await expectViewport(page, name('phone-calling'))
    release()

    await expect(dialog).toBeHidden()
    const initiated = panel.getByRole('status').filter({ hasText: 'Call Initiated' })
    await expectElement(page, initiated, name('toast-call-initiated'))
    await initiated.getByRole('button', { name: 'Dismiss notification' }).click()
    await expect(initiated).toBeHidden()
    await expectUnchanged(page, panel, idle, 'the phone dialog')
  })
}
