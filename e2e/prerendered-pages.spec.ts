import { expect, test } from './fixtures.ts'

/**
 * The pages the build renders (the landing page, privacy, terms) arrive whole: their words, their own
 * title and description and, for the landing page, its link preview, in the HTML itself, for a
 * previewer or a reader without scripts. Then the client takes them over without rendering again.
 */

const LEGAL = [
  { path: '/privacy', title: 'Privacy · CallPilot', heading: 'Privacy', words: 'What we keep' },
  { path: '/terms', title: 'Terms · CallPilot', heading: 'Terms', words: 'A demo, not a service' },
]

for (const { path, title, heading, words } of LEGAL) {
  test(`${path} is served rendered, with its own title and description`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const response = await page.request.get(path)
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain(`<title>${title}</title>`)
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}" \/>/)
    expect(html).not.toContain('content="CallPilot builds AI voice agents')
    // Its lazy chunk is fetched beside the main script, not after it: hydration waits for both.
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
    expect(preloads.map(([, href]) => href)).toContainEqual(expect.stringMatching(`${path.slice(1)}-page-`))
    for (const [, href = ''] of preloads) expect((await page.request.get(href)).status()).toBe(200)

    // Read before any script: a browser with scripts off shows the page.
    const noScript = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) })
    const bare = await noScript.newPage()
    await bare.goto(path)
    await expect(bare.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(bare.getByRole('heading', { level: 2, name: words })).toBeVisible()
    await expect(bare).toHaveTitle(title)
    await noScript.close()
  })

  test(`${path} hydrates without a mismatch and keeps its title`, async ({ page, pageErrors }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    await page.goto(path)
    // Hydrated: the theme control, a client-side control, works. The page is whole before its script
    // has run, so a click may come before the client took it over: clicked until it takes effect.
    await expect(async () => {
      await page.getByRole('group', { name: 'Theme' }).getByTitle('Dark').click()
      await expect(page.locator('html')).toHaveClass(/dark/, { timeout: 1000 })
    }).toPass()
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page).toHaveTitle(title)
    expect(problems.filter((text) => /hydrat|did not match|server rendered/i.test(text))).toEqual([])
    expect(pageErrors).toEqual([])
  })
}

/** A JPEG's width and height, from its first start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2
  while (at < bytes.length) {
    const marker = bytes.readUInt16BE(at)
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) }
    }
    at += 2 + bytes.readUInt16BE(at + 2)
  }
  throw new Error('no start-of-frame marker')
}

test('the landing page has a link preview whose picture is served as it says', async ({ page, baseURL }) => {
  const html = await (await page.request.get('/')).text()
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1] ?? null
  expect(meta('og:title')).toBe('CallPilot: AI voice agents for small businesses')
  expect(meta('og:description')).toContain('answer every call')
  expect(meta('og:type')).toBe('website')
  expect(meta('twitter:card')).toBe('summary_large_image')
  expect(meta('twitter:title')).toBe(meta('og:title'))
  expect(meta('twitter:description')).toBe(meta('og:description'))
  expect(meta('og:image:alt')).toBeTruthy()
  // Absolute, from where the page was asked (no SITE_URL here, so no og:url either).
  const image = meta('og:image')
  expect(image).toBe(`${baseURL}/og-landing.jpg`)
  expect(meta('twitter:image')).toBe(image)
  expect(meta('og:url')).toBeNull()

  const picture = await page.request.get(image ?? '')
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toBe(meta('og:image:type'))
  expect(jpegSize(await picture.body())).toEqual({
    width: Number(meta('og:image:width')),
    height: Number(meta('og:image:height')),
  })
})
