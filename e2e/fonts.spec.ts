import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/**
 * The site's typeface is Inter, served by us: each page preloads the weights above its fold, the
 * files come from the build with a year's cache, the text is really set in them once they arrive,
 * and until then the fallback takes Inter's room, so the swap moves nothing.
 */

/** Same-origin requests that failed or were answered with an error, from now on. */
function watchFailures(page: Page, origin: string): string[] {
  const failures: string[] = []
  page.on('requestfailed', (request) => {
    if (request.url().startsWith(origin)) failures.push(`${request.url()}: ${request.failure()?.errorText}`)
  })
  page.on('response', (response) => {
    if (response.url().startsWith(origin) && response.status() >= 400) {
      failures.push(`${response.url()}: ${response.status()}`)
    }
  })
  return failures
}

const PAGES = [
  { path: '/', preloaded: [400, 800] },
  { path: '/privacy', preloaded: [400, 800] },
  { path: '/bright-smile-dental', preloaded: [400, 700] },
]

for (const { path, preloaded } of PAGES) {
  test(`${path} preloads Inter ${preloaded.join(' and ')}, served for a year, and sets its text in Inter`, async ({
    page,
    baseURL,
    pageErrors,
  }) => {
    const origin = new URL(baseURL ?? '').origin
    const failures = watchFailures(page, origin)
    await page.goto(path)

    const links = await page.locator('link[rel="preload"][as="font"]').evaluateAll((elements) =>
      elements.map((link) => ({
        href: (link as HTMLLinkElement).href,
        type: link.getAttribute('type'),
        crossorigin: link.hasAttribute('crossorigin'),
      })),
    )
    expect(links.map((link) => Number(/inter-latin-(\d+)-normal-/.exec(link.href)?.[1]))).toEqual(preloaded)
    for (const link of links) {
      expect(link).toMatchObject({ type: 'font/woff2', crossorigin: true })
      const response = await page.request.get(link.href)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('font/woff2')
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    }

    // Each preloaded weight is loaded (not merely declared), and its preload was the one fetch of it:
    // a preload that the page could not use would be fetched a second time.
    for (const weight of preloaded) {
      await page.waitForFunction((font) => document.fonts.check(font), `${weight} 16px Inter`)
    }
    const fetches = await page.evaluate(
      (hrefs) => hrefs.map((href) => performance.getEntriesByName(href).length),
      links.map((link) => link.href),
    )
    expect(fetches).toEqual(links.map(() => 1))
    // Any other weight the page asks for loads too (the 700 of bold text, where it is not preloaded).
    expect(
      await page.evaluate(() => document.fonts.load('700 16px Inter').then((faces) => faces.length)),
    ).toBe(1)
    expect(await page.evaluate(() => document.fonts.check('700 16px Inter'))).toBe(true)
    const family = await page
      .locator('h1, h2')
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily)
    expect(family).toMatch(/^Inter, "Inter Fallback",/)

    await page.evaluate(() => document.fonts.ready)
    expect(failures).toEqual([])
    expect(pageErrors).toEqual([])
  })
}

test('the fallback takes the room Inter will take, at every weight, so the swap shifts nothing', async ({
  page,
}) => {
  await page.goto('/privacy')
  const fallbackLoaded = await page.evaluate(async () => {
    const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Inter Fallback')
    const loaded = await Promise.all(
      faces.map((face) =>
        face.load().then(
          () => true,
          () => false,
        ),
      ),
    )
    return loaded.length > 0 && loaded.every(Boolean)
  })
  test.skip(!fallbackLoaded, 'none of Arial, Liberation Sans or Arimo (regular and bold) is installed here')
  for (const weight of [400, 500, 600, 700, 800]) {
    // Weights the page does not use are loaded on request, as a page that uses them would.
    expect(
      await page.evaluate((w) => document.fonts.load(`${w} 16px Inter`).then((f) => f.length), weight),
    ).toBe(1)
    const [inter, fallback] = await page.evaluate((w) => {
      const text = document.querySelector('article p:nth-of-type(2)')?.textContent ?? ''
      return ['Inter', '"Inter Fallback"'].map((family) => {
        const span = document.createElement('span')
        span.style.cssText = `font: ${w} 16px ${family}; white-space: nowrap; position: absolute`
        span.textContent = text
        document.body.append(span)
        const box = span.getBoundingClientRect()
        span.remove()
        return { width: box.width, height: box.height }
      })
    }, weight)
    if (!inter || !fallback) throw new Error('no boxes measured')
    expect(inter.width).toBeGreaterThan(500)
    // A paragraph's width within 2 %: lines break at nearly the same words.
    expect(Math.abs(fallback.width / inter.width - 1), `weight ${weight}`).toBeLessThan(0.02)
    // The same line box, ascent and descent being Inter's: within the pixel the rounding of each takes.
    expect(Math.abs(fallback.height - inter.height), `weight ${weight}`).toBeLessThanOrEqual(1)
  }
})
