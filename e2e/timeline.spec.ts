import type { Page } from '@playwright/test'
import { expect, hasHorizontalOverflow, test } from './fixtures.ts'

const orbit = (page: Page) => page.getByTestId('timeline-orbit')
const readAngle = async (page: Page) => Number(await orbit(page).getAttribute('data-angle'))
const stage = (page: Page, title: string) =>
  page.getByTestId('timeline-orbit').getByRole('button', { name: new RegExp(`^${title}\\b`) })
const chooseDarkTheme = (page: Page) => page.addInitScript(() => localStorage.setItem('theme', 'dark'))

test('the onboarding plan turns 0.3° per 50 ms and stops while a stage is selected', async ({
  page,
  pageErrors,
}) => {
  const loadedAt = new Date('2026-03-02T09:00:00Z').getTime()
  await page.clock.install({ time: loadedAt })
  await page.goto('/_/onboarding')
  await expect(page.getByRole('heading', { level: 2, name: 'Your onboarding plan' })).toBeVisible()
  await expect(orbit(page).getByRole('button')).toHaveCount(5)
  await expect(orbit(page)).toHaveAttribute('data-rotating', 'true')
  await page.clock.pauseAt(loadedAt + 60_000) // from here on, time moves only when the test says

  const start = await readAngle(page)
  await page.clock.runFor(1000)
  await expect.poll(() => readAngle(page)).toBeCloseTo(start + 6, 5)

  await stage(page, 'Testing').click()
  await expect(orbit(page)).toHaveAttribute('data-rotating', 'false')
  const held = await readAngle(page)
  await page.clock.runFor(1000)
  expect(await readAngle(page)).toBe(held)

  await stage(page, 'Testing').click() // selecting it again releases it
  await expect(orbit(page)).toHaveAttribute('data-rotating', 'true')
  await page.clock.runFor(500)
  await expect.poll(() => readAngle(page)).toBeCloseTo(held + 3, 5)
  expect(pageErrors).toEqual([])
})

test('a stage opens its card; related buttons jump; Escape and the background release', async ({ page }) => {
  await page.goto('/_/onboarding')
  await stage(page, 'Customization').click()
  const card = page.getByRole('article', { name: 'Customization' })
  await expect(card).toBeVisible()
  await expect(card.getByText('COMPLETE', { exact: true })).toBeVisible()
  await expect(card.getByText('Week 2-3')).toBeVisible()
  await expect(card.getByRole('meter', { name: 'Energy' })).toHaveAttribute('aria-valuenow', '85')
  await expect(card.getByText('85%')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Go to Discovery' })).toBeVisible()
  await expect(stage(page, 'Integration')).toHaveAccessibleName(/related to Customization/)
  await expect(stage(page, 'Launch')).not.toHaveAccessibleName(/related to/)

  await card.getByRole('button', { name: 'Go to Integration' }).click()
  await expect(stage(page, 'Integration')).toHaveAttribute('aria-expanded', 'true')
  await expect(stage(page, 'Customization')).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('article', { name: 'Integration' })).toContainText('IN PROGRESS')
  await expect(stage(page, 'Integration')).toBeFocused()

  await page.keyboard.press('Escape')
  await expect(page.getByRole('article')).toHaveCount(0)
  await expect(orbit(page)).toHaveAttribute('data-rotating', 'true')

  await page.keyboard.press('Enter') // focus stayed on Integration
  await expect(page.getByRole('article', { name: 'Integration' })).toBeVisible()
  await orbit(page).click({ position: { x: 4, y: 4 } }) // a corner of the square: outside the ring
  await expect(page.getByRole('article')).toHaveCount(0)
  expect(await hasHorizontalOverflow(page)).toBe(false)
})

test('with reduced motion the diagram does not turn', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.clock.install()
  await page.goto('/_/onboarding')
  await expect(orbit(page).getByRole('button')).toHaveCount(5)
  await page.clock.runFor(2000)
  expect(await readAngle(page)).toBe(0)
  await expect(orbit(page)).toHaveAttribute('data-rotating', 'false')
})

test('a prospect page shows the plan below the demo, turning only once scrolled to', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/harbor-realty')
  const heading = page.getByRole('heading', { level: 2, name: 'Your onboarding plan' })
  await expect(heading).toBeAttached()
  await expect(page.getByText(/answering Harbor Realty Group's/)).toBeAttached()
  await expect(orbit(page)).toHaveAttribute('data-rotating', 'false') // below the fold: no timer
  await orbit(page).scrollIntoViewIfNeeded()
  await expect(orbit(page)).toHaveAttribute('data-rotating', 'true')
  await expect(orbit(page).getByRole('button')).toHaveCount(5)
  expect(await hasHorizontalOverflow(page)).toBe(false)
  expect(pageErrors).toEqual([])
})

for (const theme of ['light', 'dark'] as const) {
  test(`the plan fits the width in the ${theme} theme, a stage selected too`, { tag: '@phone' }, async ({
    page,
  }) => {
    if (theme === 'dark') await chooseDarkTheme(page)
    await page.emulateMedia({ reducedMotion: 'reduce' }) // a still picture
    await page.goto('/_/onboarding')
    await expect(orbit(page).getByRole('button')).toHaveCount(5)
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await stage(page, 'Integration').click()

    await page.goto('/bright-smile-dental')
    await orbit(page).scrollIntoViewIfNeeded()
    await stage(page, 'Discovery').click()
    await page.getByRole('article', { name: 'Discovery' }).scrollIntoViewIfNeeded()
    expect(await hasHorizontalOverflow(page)).toBe(false)
  })
}
