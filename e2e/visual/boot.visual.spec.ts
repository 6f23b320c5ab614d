import { expect, test } from '../fixtures.ts'
import { expectElement, openVisualPage, panelOf, shotName, VARIANTS } from './visual-page.ts'

/**
 * The boot's first paint (widget.mjs alone: the rest of the widget and the prospect are held) is the
 * panel people see while the prospect loads, pixel for pixel (the same baseline as the panel's
 * loading state), with buttons a keyboard reaches and a screen reader names; a key press on one before
 * the rest arrives is acted on when it has.
 */
for (const { theme, width } of VARIANTS) {
  test(`the boot's panel before the rest of the widget, ${theme}, ${width} px`, async ({ page, baseURL }) => {
    const release: Array<() => void> = []
    const held = new Promise<void>((resolve) => release.push(resolve))
    let restAsked = false
    await page.route('**/widget-chunks/app-*.js', async (route) => {
      restAsked = true
      await held
      await route.continue()
    })
    await page.route('**/api/prospects/**', async (route) => {
      await held
      await route.continue()
    })
    await openVisualPage(page, { theme, width, widgetOrigin: baseURL as string })
    const panel = panelOf(page)
    const browserCall = panel.getByRole('button', { name: 'Test in Browser' })
    await expect(browserCall).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Call Me' })).toBeVisible()
    expect(restAsked).toBe(true) // asked for at once, while the boot drew
    await expectElement(page, panel, shotName('panel-loading', theme, width))

    // The keyboard reaches the buttons, in order, and Enter on Call Me is kept until the rest is here.
    await browserCall.focus()
    await page.keyboard.press('Tab')
    await expect(panel.getByRole('button', { name: 'Call Me' })).toBeFocused()
    await page.keyboard.press('Enter')
    for (const done of release) done()
    await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
    await expect(panel.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })).toBeVisible()
  })
}
