import { chooseTheme, expect, test } from './fixtures.ts'

// A rep's link, as mail clients, LinkedIn and Slack fetch it (no JavaScript), and as a prospect opens it.

/** The content of `<meta {key}="{name}">` in `html`. */
const metaOf = (html: string, name: string): string | undefined =>
  new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1]

test('a prospect page arrives finished, with its own title, link preview, canonical URL and noindex', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/bright-smile-dental')
  expect(response.status()).toBe(200)
  expect(response.headers()['x-robots-tag']).toBe('noindex')
  const html = await response.text()
  expect(html).toContain('<title>A voice agent built for Bright Smile Dental · CallPilot</title>')
  expect(metaOf(html, 'description')).toBe(
    'Dr. Maya Patel, we built an AI voice agent for Bright Smile Dental. Talk to it in your browser, or have it call your phone.',
  )
  expect(metaOf(html, 'og:title')).toBe('A voice agent built for Bright Smile Dental')
  expect(metaOf(html, 'twitter:card')).toBe('summary_large_image')
  expect(metaOf(html, 'robots')).toBe('noindex')
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/bright-smile-dental" />`)
  // The greeting, the pitch and the demo section's words are in the HTML itself: no skeleton.
  expect(html).toMatch(/Hey <!-- -->Dr\. Maya Patel/)
  expect(html).toContain('Ready to')
  expect(html).not.toContain('Loading your page')
  // The preview picture is the prospect's own, absolute and there.
  const image = metaOf(html, 'og:image') ?? ''
  expect(image).toBe(`${baseURL}/bright-smile-dental/preview.png`)
  expect(metaOf(html, 'twitter:image')).toBe(image)
  const picture = await request.get(image)
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toBe('image/png')
  expect(picture.headers().etag).toMatch(/^"p[0-9a-f]{32}"$/)
})

test('the page hydrates without a mismatch, and neither the site nor the widget asks for the prospect again', async ({
  page,
  pageErrors,
}) => {
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/prospects/')) asked.push(request.url())
  })
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.goto('/bright-smile-dental')
  const panel = page.locator('voice-demo')
  await expect(panel.getByRole('heading', { name: 'Built for Bright Smile Dental' })).toBeVisible()
  // The site is live (hydrated): its theme control answers.
  await chooseTheme(page, 'Dark')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(asked).toEqual([])
  expect(pageErrors).toEqual([])
  expect(consoleErrors).toEqual([])
})

test('links that a mail client or a spreadsheet changed go to the canonical link, permanently', async ({
  request,
}) => {
  for (const path of [
    '/Bright-Smile-Dental',
    '/bright-smile-dental/',
    '/bright-smile-dental.',
    '/bright-smile-dental%20',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(301)
    expect(response.headers().location, path).toBe('/bright-smile-dental')
  }
})

test('search engines may index the public pages only: robots.txt, the sitemap and the headers agree', async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  expect(robots).toContain('Disallow: /_/')
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
  expect(listed).toEqual([`${baseURL}/`, `${baseURL}/privacy`, `${baseURL}/terms`])
  expect((await request.get('/')).headers()['x-robots-tag']).toBeUndefined()
  expect((await request.get('/visitor')).headers()['x-robots-tag']).toBe('noindex')
})

test('the footer leads to the privacy and terms pages, written in plain words', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/bright-smile-dental')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible()
  for (const topic of [
    'What we keep',
    'Microphone and camera',
    'Who else sees what',
    'Asking for deletion',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible()
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Terms' })).toBeVisible()
  expect(pageErrors).toEqual([])
})
