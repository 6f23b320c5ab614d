import { blockCalendly } from './fakes/calendly.ts'
import { expect, test } from './fixtures.ts'

/**
 * The landing page paints its hero before it lays out the parts below it (the sections and the
 * footer), and then shows them at once; a link to a section, a reload and a browser without scripts get
 * the whole page from the start.
 */

/** Records, from before the page's own scripts, when <html> gained and lost "hero-first" and when FCP came. */
const RECORDER = `(() => {
  const log = { added: null, addedBeforeBody: null, removed: null, fcp: null }
  Object.defineProperty(window, '__heroFirst', { value: log })
  // The script runs before the parser has made <html>: the whole document is observed.
  new MutationObserver(() => {
    const on = document.documentElement?.classList.contains('hero-first') ?? false
    if (on && log.added === null) {
      log.added = performance.now()
      log.addedBeforeBody = document.body === null
    }
    if (!on && log.added !== null && log.removed === null) log.removed = performance.now()
  }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true })
  new PerformanceObserver((list) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0]
    if (entry) log.fcp = entry.startTime
  }).observe({ type: 'paint', buffered: true })
})()`

interface HeroFirstLog {
  added: number | null
  addedBeforeBody: boolean | null
  removed: number | null
  fcp: number | null
}
const readLog = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __heroFirst: HeroFirstLog }).__heroFirst)

const BELOW_HERO = ['#features', '#demo', '#testimonials', '#contact', 'footer']

test('the hero paints first, then the parts below it show at once', async ({ page, pageErrors }) => {
  await blockCalendly(page)
  await page.addInitScript({ content: RECORDER })
  await page.goto('/')
  await expect.poll(async () => (await readLog(page)).removed).not.toBeNull()
  const log = await readLog(page)
  // Set in <head>, before any of the body was parsed, and taken off once the first contentful paint
  // (the hero) was reported.
  expect(log.addedBeforeBody).toBe(true)
  expect(log.fcp).not.toBeNull()
  expect(log.removed).toBeGreaterThanOrEqual(log.fcp ?? Number.POSITIVE_INFINITY)
  await expect(page.locator('html')).not.toHaveClass(/hero-first/)
  for (const selector of BELOW_HERO) await expect(page.locator(selector)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
  expect(pageErrors).toEqual([])
})

/**
 * A tab opened in the background: no paint is reported, so the parts wait for the load event. Here the
 * page's load listener is held by the test, so the page hydrates while they are still out of the layout.
 */
const HOLD_THE_PARTS = `(() => {
  const Observer = window.PerformanceObserver
  window.PerformanceObserver = class extends Observer {
    observe(options) {
      if (options && options.type === 'paint') return
      super.observe(options)
    }
  }
  const add = window.addEventListener
  window.addEventListener = function (type, listener, options) {
    if (type === 'load' && !window.__showTheParts) {
      window.__showTheParts = listener
      return
    }
    return add.call(this, type, listener, options)
  }
})()`

test('hydrated before the parts below the hero show, the header still marks the section being read', async ({
  page,
  pageErrors,
}) => {
  await blockCalendly(page)
  await page.addInitScript({ content: HOLD_THE_PARTS })
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/hero-first/)
  await expect(page.locator('#features')).toBeHidden()
  // Hydrated: the theme control, a client-side control, works (clicked until it takes effect).
  await expect(async () => {
    await page.getByRole('group', { name: 'Theme' }).getByTitle('Dark').click()
    await expect(page.locator('html')).toHaveClass(/dark/, { timeout: 1000 })
  }).toPass()
  const nav = page.getByRole('navigation', { name: 'Sections' })
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'location')

  await page.evaluate(() => (window as unknown as { __showTheParts: () => void }).__showTheParts())
  await expect(page.locator('#features')).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'location')
  await nav.getByRole('link', { name: 'Testimonials' }).click()
  await expect(nav.getByRole('link', { name: 'Testimonials' })).toHaveAttribute('aria-current', 'location')
  expect(pageErrors).toEqual([])
})

test('a link to a section opens on that section, the whole page laid out from the start', async ({
  page,
}) => {
  await blockCalendly(page)
  await page.addInitScript({ content: RECORDER })
  await page.goto('/#contact')
  await expect(page.locator('#contact-heading')).toBeInViewport()
  expect((await readLog(page)).added).toBeNull()
})

test('a reload keeps the whole page laid out from the start, where the visitor was', async ({ page }) => {
  await blockCalendly(page)
  await page.addInitScript({ content: RECORDER })
  await page.goto('/')
  await expect.poll(async () => (await readLog(page)).removed).not.toBeNull()
  await page.locator('#testimonials').scrollIntoViewIfNeeded()
  await page.reload()
  expect((await readLog(page)).added).toBeNull()
  await expect(page.locator('#testimonials')).toBeInViewport()
})

test('without scripts, every part of the landing page shows', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) })
  try {
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    for (const selector of BELOW_HERO) await expect(page.locator(selector)).toBeVisible()
  } finally {
    await context.close()
  }
})
