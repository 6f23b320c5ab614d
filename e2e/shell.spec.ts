import type { Page } from '@playwright/test'
import { expect, hasHorizontalOverflow, saveScreenshot, test } from './fixtures.ts'

const html = (page: Page) => page.locator('html')
/** Picks a theme the way a visitor would: the select on phones, the radios from 640 px. */
async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System') {
  if ((page.viewportSize()?.width ?? 0) < 640) {
    await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label })
  } else {
    // The visible icon; the radio inside it is visually hidden.
    await page.getByRole('group', { name: 'Theme' }).getByTitle(label).click()
  }
}

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

  test('the toggle switches the theme, and the choice survives a reload', async ({ page }) => {
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
  test('one region named "Notifications (F8)"; F8 moves focus to it', async ({ page }) => {
    await page.goto('/')
    const region = page.getByRole('region', { name: 'Notifications (F8)' })
    await expect(region).toHaveCount(1)
    await page.keyboard.press('F8')
    await expect(region).toBeFocused()
  })
})

test.describe('floating video-call button', () => {
  for (const [name, path] of [
    ['landing', '/'],
    ['prospect', '/bright-smile-dental'],
    ['partner page', '/embed-demo/'],
  ] as const) {
    test(`sits at the bottom left of the ${name}`, async ({ page, pageErrors }, info) => {
      await page.goto(path)
      const button = page.locator('voice-video-call').getByRole('button', { name: 'Start a video call' })
      await expect(button).toBeVisible()
      const box = await button.boundingBox()
      const viewport = page.viewportSize()
      expect(box && viewport).toBeTruthy()
      if (!box || !viewport) return
      expect(box.x).toBeLessThanOrEqual(24)
      expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(24)
      expect(box.width).toBeGreaterThanOrEqual(44) // a comfortable touch target
      // What it does when pressed: e2e/video-call.spec.ts.
      expect(await hasHorizontalOverflow(page)).toBe(false)
      await saveScreenshot(page, `shell-video-${name.replace(' ', '-')}`, info.project.name)
      expect(pageErrors).toEqual([])
    })
  }

  test('at the very bottom of a page it covers none of the footer text', async ({ page }) => {
    await page.goto('/bright-smile-dental')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const button = await page.locator('voice-video-call').getByRole('button').boundingBox()
    const footerText = await page.locator('footer p').first().boundingBox()
    if (!button || !footerText) throw new Error('no button or footer')
    expect(footerText.y + footerText.height).toBeLessThanOrEqual(button.y)
  })
})

test('screenshots of the shell in light and dark', async ({ page }, info) => {
  for (const theme of ['light', 'dark']) {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    for (const [name, path] of [
      ['landing', '/'],
      ['prospect', '/bright-smile-dental'],
      ['error', '/Not_A_Slug'],
    ] as const) {
      await page.goto(path)
      await expect(page.locator('voice-video-call').getByRole('button')).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(await hasHorizontalOverflow(page)).toBe(false)
      await page.screenshot({
        path: `test-results/screenshots/${info.project.name}-shell-${name}-${theme}.png`,
      })
      await saveScreenshot(page, `shell-${name}-${theme}-full`, info.project.name)
    }
  }
})
