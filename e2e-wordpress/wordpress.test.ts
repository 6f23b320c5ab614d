import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { type Browser, type BrowserContext, chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts'
import { assertUndamaged, collectErrors } from './page-checks.ts'
import { PostsApi, type SavedPost, signIn } from './rest.ts'
import { COMPANY, checkVisitorPage, SLUG } from './visitor-page.ts'
import { startWordPress, type WordPress } from './wordpress.ts'

/**
 * The plugin on WordPress 6.1 as a partner's site has it: installed from its zip, set up on its
 * settings screen, used by an Author (no `unfiltered_html`) through the REST API the block editor
 * uses, and seen by visitors in Chromium in a block theme and a classic one, on a phone and a desktop.
 * Started by `npm run test:wordpress` (e2e-wordpress/run.ts), which runs the product.
 */

const PRODUCT = process.env.WORDPRESS_TEST_PRODUCT_URL ?? ''
const ZIP = process.env.WORDPRESS_TEST_ZIP ?? ''
const SCREENSHOTS = 'test-results/wordpress'
const THEMES = ['twentytwentythree', 'twentytwentyone'] as const
const WIDTHS = [390, 1280] as const

const BLOCK = `<!-- wp:callpilot/voice-demo {"slug":"${SLUG}","showVideoButton":true} /-->`
const SHORTCODE = `<p>Intro</p>\n\n[voice_demo slug="${SLUG}"]\n\nAfter`
const TWO_BLOCKS = `<!-- wp:paragraph -->\n<p>Two demos.</p>\n<!-- /wp:paragraph -->\n\n${BLOCK.replace(',"showVideoButton":true', '')}\n\n<!-- wp:callpilot/voice-demo {"slug":"${SLUG}","theme":"auto"} /-->`

let wp: WordPress
let browser: Browser
let authorContext: BrowserContext
const posts: Record<'block' | 'shortcode' | 'two', SavedPost> = {} as never

before(async () => {
  assert.ok(PRODUCT && ZIP, 'Run this test with `npm run test:wordpress`, which starts the product.')
  wp = await startWordPress(ZIP)
  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  authorContext = await browser.newContext()
  await signIn(authorContext, wp.url, wp.author)
})

after(async () => {
  await browser?.close()
  await wp?.stop()
})

test('the Author publishes the block, the shortcode and a post with two blocks through the REST API', async () => {
  const api = await PostsApi.of(authorContext, wp.url)
  posts.block = await api.publish('Block', BLOCK)
  posts.shortcode = await api.publish('Shortcode', SHORTCODE)
  posts.two = await api.publish('Two demos', TWO_BLOCKS)
  // kses kept what each post stores: the block's comment with its settings, the shortcode.
  assert.equal(posts.block.content.raw, BLOCK)
  assert.equal(posts.shortcode.content.raw, SHORTCODE)
  assert.equal(posts.two.content.raw, TWO_BLOCKS)
})

test('a Contributor submits the block and the shortcode for review, kept as written', async () => {
  const contributor = await browser.newContext()
  try {
    await signIn(contributor, wp.url, wp.contributor)
    const api = await PostsApi.of(contributor, wp.url)
    for (const content of [BLOCK, SHORTCODE]) {
      assert.equal((await api.submitForReview('For review', content)).content.raw, content)
    }
  } finally {
    await contributor.close()
  }
})

test('the pasted snippet is what WordPress strips for an Author, which is why the plugin exists', async () => {
  const api = await PostsApi.of(authorContext, wp.url)
  const snippet = `<script type="module" async src="${PRODUCT}/widget.mjs"></script><voice-demo slug="${SLUG}"></voice-demo>`
  const saved = await api.publish('Pasted', `<!-- wp:html -->\n${snippet}\n<!-- /wp:html -->`)
  assert.doesNotMatch(saved.content.raw, /<script|<voice-demo/)
})

test('without a product URL, visitors get an HTML comment only, and the Author a notice', async () => {
  const visitor = await browser.newContext()
  try {
    for (const post of [posts.block, posts.shortcode]) {
      const html = await (await visitor.request.get(post.link)).text()
      assert.match(html, /<!-- Voice demo: no product URL set -->/)
      assert.doesNotMatch(html, /<voice-demo|widget\.mjs|voice-demo-space|Settings → Voice demo/)
      const page = await authorContext.newPage()
      await page.goto(post.link)
      await page.getByText('Voice demo: set the product URL in Settings → Voice demo').waitFor()
      await page.close()
    }
  } finally {
    await visitor.close()
  }
})

test('Settings → Voice demo refuses what is not an http(s) URL and stores the URL without its slash', async () => {
  const admin = await browser.newContext()
  try {
    await signIn(admin, wp.url, wp.admin)
    const page = await admin.newPage()
    await page.goto(`${wp.url}/wp-admin/options-general.php?page=voice-demo`)
    const field = page.getByLabel('Product URL')
    await field.fill('ftp://demo.example.com')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('The product URL must start with https:// or http://').waitFor()
    assert.equal(await field.inputValue(), '')
    await field.fill(`${PRODUCT}/`)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Settings saved.').waitFor()
    assert.equal(await page.getByLabel('Product URL').inputValue(), PRODUCT)
  } finally {
    await admin.close()
  }
})

test('the Author re-saves both posts and the demo is still there', async () => {
  const api = await PostsApi.of(authorContext, wp.url)
  for (const [name, post] of [
    ['block', posts.block],
    ['shortcode', posts.shortcode],
  ] as const) {
    const saved = await api.resave(post.id)
    assert.equal(saved.content.raw, post.content.raw, `${name}: the stored content is unchanged`)
    assertUndamaged(saved.content.rendered, SLUG, 1, name === 'block')
  }
})

test("the block in the Author's editor: the real panel as its preview, and its settings in the sidebar", async () => {
  const page = await authorContext.newPage()
  const errors = collectErrors(page)
  try {
    // The editor's first-visit guide may open over the editor at any moment: closed whenever it does.
    await page.addLocatorHandler(page.getByRole('dialog', { name: /Welcome to the block editor/ }), (guide) =>
      guide.getByRole('button', { name: 'Close' }).click(),
    )
    await page.goto(`${wp.url}/wp-admin/post.php?post=${posts.block.id}&action=edit`)
    const preview = page.locator(`voice-demo[slug="${SLUG}"][theme="auto"]`)
    await preview.getByRole('heading', { name: `Built for ${COMPANY}` }).waitFor()
    await preview.click({ position: { x: 4, y: 4 } })
    await page.getByRole('button', { name: 'Settings', exact: true }).first().waitFor()
    const sidebar = page.getByRole('region', { name: 'Editor settings' })
    if (!(await sidebar.isVisible()))
      await page.getByRole('button', { name: 'Settings', exact: true }).first().click()
    const slug = sidebar.getByLabel('Prospect link')
    assert.equal(await slug.inputValue(), SLUG)
    assert.equal(await sidebar.getByLabel('Theme').inputValue(), 'auto')
    assert.ok(await sidebar.getByLabel('Show the video call button').isChecked())
    await slug.fill('Bright Smile')
    await sidebar.getByText('Use 1 to 64 lowercase letters, digits or dashes').waitFor()
    const scripts = page.locator('script[src$="/widget.mjs"]')
    assert.deepEqual(
      await scripts.evaluateAll((found) => found.map((script) => script.getAttribute('src'))),
      [`${PRODUCT}/widget.mjs`],
    )
    // WordPress's own editor reports what it cannot reach offline (its welcome guide's picture on
    // s.w.org; the block theme's template, which an Author may not read): none of it is ours.
    const ours = errors.filter(
      (error) => error.startsWith('uncaught') || error.includes(PRODUCT) || error.includes('voice-demo'),
    )
    assert.deepEqual(ours, [])
  } finally {
    await page.close()
  }
})

test('a post without a demo gets neither the script nor the CSS', async () => {
  const visitor = await browser.newContext()
  try {
    for (const theme of THEMES) {
      await wp.switchTheme(theme)
      const html = await (await visitor.request.get(`${wp.url}/?p=1`)).text()
      assert.match(html, /Hello world!/)
      assert.doesNotMatch(html, /widget\.mjs|voice-demo/, theme)
    }
  } finally {
    await visitor.close()
  }
})

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test(`${theme} at ${width} px: the demos render once loaded, move nothing, and Call Me leaves the panel as it was`, async () => {
      await wp.switchTheme(theme)
      await mkdir(SCREENSHOTS, { recursive: true })
      for (const [name, video, count] of [
        ['shortcode', false, 1],
        ['two', false, 2],
        ['block', true, 1],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height: 844 } })
        try {
          await checkVisitorPage(context, {
            what: `${theme} ${width} px ${name}`,
            url: posts[name].link,
            product: PRODUCT,
            count,
            video,
            fontSwapAllowed: theme === 'twentytwentythree',
            screenshot: name === 'two' ? null : `${SCREENSHOTS}/${theme}-${width}-${name}.png`,
          })
        } finally {
          await context.close()
        }
      }
    })
  }
}

test('deleting the plugin removes its setting (uninstall.php)', async () => {
  const said = await wp.uninstallPlugin()
  assert.match(said, /product URL option: 'absent'/)
  assert.match(said, /plugin folder: absent/)
})

test('WordPress logged no notice, warning or error from the plugin', async () => {
  const ours = (await wp.log()).split('\n').filter((line) => line.includes('voice-demo'))
  assert.deepEqual(ours, [])
})
