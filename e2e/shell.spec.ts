import type { Page } from '@playwright/test'
import { chooseTheme, expect, hasHorizontalOverflow, scrollToEndShowing, test } from './fixtures.ts'

const html = (page: Page) => page.locator('html')
const rememberTheme = (page: Page, choice: string) =>
  page.addInitScript((value) => localStorage.setItem('theme', value), choice)

test.describe('theme', () => {
  test('a remembered dark theme is on <html> before any of the app runs: no flash', async ({ page }) => {
    await rememberTheme(page, 'dark')
    // Record the class the moment <body> is parsed, i.e. before the first paint and before the
    // deferred app module; and block the app bundle outright, so nothing but theme-init.js can set it.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return
        document.documentElement.dataset.classAtBody = document.documentElement.className
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/')
    await expect(html(page)).toHaveAttribute('data-class-at-body', /\bdark\b/)
    await expect(html(page)).toHaveCSS('color-scheme', 'dark')
    await expect(page.locator('body')).toHaveCSS('background-color', /oklch\(0\.129 /) // slate-950
  })

  test('the toggle switches the theme, and the choice survives a reload', { tag: '@phone' }, async ({
    page,
  }) => {
    await page.goto('/')
    await expect(html(page)).not.toHaveClass(/\bdark\b/) // default light
    await chooseTheme(page, 'Dark')
    await expect(html(page)).toHaveClass(/\bdark\b/)
    await page.reload()
    await expect(html(page)).toHaveClass(/\bdark\b/)
    const phone = (page.viewportSize()?.width ?? 0) < 640
    const control = phone
      ? page.getByRole('combobox', { name: 'Theme' })
      : page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })
    if (phone) await expect(control).toHaveValue('dark')
    else await expect(control).toBeChecked()

    // Keyboard: from the focused control, the arrow keys switch back to light.
    await control.focus()
    await expect(control).toBeFocused()
    if (!phone) {
      await page.keyboard.press('ArrowLeft')
      await expect(html(page)).not.toHaveClass(/\bdark\b/)
    }
  })

  test('the widget follows the site: the toggle turns the panel and the video button dark and back, live', async ({
    page,
  }) => {
    await page.goto('/bright-smile-dental')
    const panel = page.locator('voice-demo').getByRole('region', { name: 'AI voice agent demo' })
    await expect(panel).toHaveCSS('background-color', 'rgb(255, 255, 255)')
    await chooseTheme(page, 'Dark')
    for (const tag of ['voice-demo', 'voice-video-call'])
      await expect(page.locator(tag)).toHaveAttribute('theme', 'dark')
    await expect(panel).toHaveCSS('background-color', 'rgb(15, 23, 42)')
    await chooseTheme(page, 'Light')
    await expect(panel).toHaveCSS('background-color', 'rgb(255, 255, 255)')
  })

  test("on a partner page without a theme, the widget follows the page's declared color-scheme; the system's only where the page opts in", async ({
    page,
  }) => {
    const DARK = 'rgb(15, 23, 42)'
    const LIGHT = 'rgb(255, 255, 255)'
    const panel = page.locator('voice-demo').getByRole('region', { name: 'AI voice agent demo' })
    /** The neutral partner page, declaring itself with `declaration` at the top of its head. */
    const openDeclaring = async (declaration: string) => {
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await page.route('**/embed-demo/neutral.html', async (route) => {
        const original = await (await route.fetch()).text()
        await route.fulfill({
          contentType: 'text/html',
          body: original.replace('<meta charset="utf-8" />', `<meta charset="utf-8" />${declaration}`),
        })
      })
      await page.goto('/embed-demo/neutral.html')
      await expect(panel.getByRole('button', { name: 'Test in Browser' })).toBeVisible()
    }

    // A page that declares nothing is light, as the browser draws it, even on a dark system.
    await page.emulateMedia({ colorScheme: 'dark' })
    await openDeclaring('')
    await expect(panel).toHaveCSS('background-color', LIGHT)
    await expect(panel).toHaveAttribute('data-theme', 'light')

    // A page that says it is dark gets a dark widget, whatever the system says: by its CSS or its meta.
    await page.emulateMedia({ colorScheme: 'light' })
    await openDeclaring('<style>:root { color-scheme: dark }</style>')
    await expect(panel).toHaveCSS('background-color', DARK)
    await openDeclaring('<meta name="color-scheme" content="dark" />')
    await expect(panel).toHaveCSS('background-color', DARK)

    // A page that follows the visitor's system itself (`light dark`) opts in: the widget follows it, live.
    await openDeclaring('<meta name="color-scheme" content="light dark" />')
    await expect(panel).toHaveCSS('background-color', LIGHT)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(panel).toHaveCSS('background-color', DARK)

    // So does a page that sets theme="system" on the element, whatever it declares.
    await openDeclaring('')
    await expect(panel).toHaveCSS('background-color', LIGHT)
    await page.locator('voice-demo').evaluate((element) => element.setAttribute('theme', 'system'))
    await expect(panel).toHaveCSS('background-color', DARK)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(panel).toHaveCSS('background-color', LIGHT)
  })

  test('"system" follows the OS colour scheme, live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/bright-smile-dental')
    await expect(html(page)).not.toHaveClass(/\bdark\b/) // the default is light, whatever the OS says
    await chooseTheme(page, 'System')
    await expect(html(page)).toHaveClass(/\bdark\b/)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
    await page.reload()
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(html(page)).toHaveClass(/\bdark\b/)
  })
})

test.describe('toast area', () => {
  test('the widget\'s one region: "Notifications (F8)" with the toast, F8 moves focus to it, and the site has no other', async ({
    page,
  }) => {
    await page.goto('/bright-smile-dental')
    const demo = page.locator('voice-demo')
    await demo.getByRole('button', { name: 'Call Me' }).click()
    const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('12')
    await dialog.getByRole('button', { name: 'Call Me' }).click()
    const region = page.getByRole('region', { name: 'Notifications (F8)' })
    await expect(region).toHaveCount(1)
    await expect(region).toContainText('Invalid Phone Number')
    await page.keyboard.press('F8')
    await expect(region).toBeFocused()
    // Tab reaches its close button; the toast goes, and so does the region's name.
    await page.keyboard.press('Tab')
    await expect(region.getByRole('button', { name: 'Dismiss notification' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(region).toHaveCount(0)
  })
})

test.describe('floating video-call button', { tag: '@phone' }, () => {
  for (const [name, path] of [
    ['landing', '/'],
    ['prospect', '/bright-smile-dental'],
    ['partner page', '/embed-demo/'],
  ] as const) {
    test(`on the ${name}: at the bottom left, or below 1280 px on our site at the page's end`, async ({
      page,
      pageErrors,
    }) => {
      await page.goto(path)
      const button = page.locator('voice-video-call').getByRole('button', { name: 'Start a video call' })
      await expect(button).toBeVisible()
      const viewport = page.viewportSize()
      if (!viewport) throw new Error('no viewport')
      // Our site puts it in the page's flow where it would float over text (index.css); a partner's
      // page keeps it floating unless it says otherwise.
      const inFlow = path !== '/embed-demo/' && viewport.width < 1280
      if (inFlow) await scrollToEndShowing(page, button)
      const box = await button.boundingBox()
      if (!box) throw new Error('no button')
      if (inFlow) expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1)
      else expect(box.x).toBeLessThanOrEqual(24)
      expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(24)
      expect(box.width).toBeGreaterThanOrEqual(44) // a comfortable touch target
      // What it does when pressed: e2e/video-call.spec.ts.
      expect(await hasHorizontalOverflow(page)).toBe(false)
      expect(pageErrors).toEqual([])
    })
  }

  test('at the very bottom of a page it covers none of the footer text', async ({ page }) => {
    await page.goto('/bright-smile-dental')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    )
    const button = await page.locator('voice-video-call').getByRole('button').boundingBox()
    const footerText = await page.locator('footer p').first().boundingBox()
    if (!button || !footerText) throw new Error('no button or footer')
    expect(footerText.y + footerText.height).toBeLessThanOrEqual(button.y)
  })
})

test('the shell fits the width in light and dark', { tag: '@phone' }, async ({ page }) => {
  for (const theme of ['light', 'dark']) {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    for (const [_name, path] of [
      ['landing', '/'],
      ['prospect', '/bright-smile-dental'],
      ['general demo for a malformed link', '/Not_A_Slug'],
      ['privacy', '/privacy'],
    ] as const) {
      await page.goto(path)
      await expect(page.locator('voice-video-call').getByRole('button')).toBeVisible()
      // Everything that may widen the page has arrived: sections below the fold render once
      // scrolled to, and the fonts are in.
      const footer = page.getByRole('contentinfo')
      await footer.scrollIntoViewIfNeeded()
      await expect(footer).toBeInViewport()
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      expect(await hasHorizontalOverflow(page)).toBe(false)
    }
  }
})
