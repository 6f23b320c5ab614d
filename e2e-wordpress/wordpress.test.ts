import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { type Browser, type BrowserContext, chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts'
import {
  assertUndamaged,
  assertVideoButtonInFlow,
  callMeLeavesPanelAsItWas,
  collectErrors,
  documentBoxes,
  hold,
  isAllBelow,
  isFontSwapInPanel,
  painted,
  readShifts,
  recordShifts,
} from './page-checks.ts'
import { PostsApi, type SavedPost, signIn } from './rest.ts'
import { startWordPress, type WordPress } from './wordpress.ts'

/**
 * The plugin on WordPress 6.1 as a partner's site has it: installed from its zip, set up on its
 * settings screen, used by an Author (no `unfiltered_html`) through the REST API the block editor
 * uses, and seen by visitors in Chromium in a block theme and a classic one, on a phone and a desktop.
 * Started by `npm run test:wordpress` (e2e-wordpress/run.ts), which runs the product.
 */

const PRODUCT = process.env.WORDPRESS_TEST_PRODUCT_URL ?? ''
const ZIP = process.env.WORDPRESS_TEST_ZIP ?? ''
const SLUG = 'bright-smile-dental'
const COMPANY = 'Bright Smile Dental'
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
        const what = `${theme} ${width} px ${name}`
        const context = await browser.newContext({ viewport: { width, height: 844 } })
        await recordShifts(context)
        const page = await context.newPage()
        const errors = collectErrors(page)
        try {
          // The video button's chunk waits until the panel's steps are done: its arrival is checked apart.
          const releaseVideo = video ? await hold(page, '**/widget-chunks/video-call-button-*.js') : null
          const answer = page.waitForResponse(
            (response) => response.url() === `${PRODUCT}/api/prospects/${SLUG}`,
          )
          const response = await page.goto(posts[name].link)
          assert.ok(response?.ok(), `${what}: the post opens (${response?.status()})`)
          if (!response) return
          assertUndamaged(await response.text(), SLUG, count, video)
          // The product answers the page's origin (CORS), and the panel shows what it answered.
          const api = await answer
          assert.equal(api.status(), 200, what)
          assert.equal(api.headers()['access-control-allow-origin'], '*', what)
          const demos = page.locator('voice-demo')
          assert.equal(await demos.count(), count, what)
          for (const demo of await demos.all()) {
            await demo.getByRole('heading', { name: `Built for ${COMPANY}` }).waitFor()
            await demo.getByRole('button', { name: 'Call Me' }).waitFor()
          }
          // Once per page, however many demos: the script, and the CSS reserving the panel's space.
          assert.equal(await page.locator(`script[src="${PRODUCT}/widget.mjs"]`).count(), 1, what)
          assert.equal(await page.locator('style#voice-demo-space').count(), 1, what)
          await callMeLeavesPanelAsItWas(page, demos.first())
          await painted(page)

          // Nothing moved through load, the answer and Call Me; in Twenty Twenty-Three the panel's
          // labels may move sideways inside it when the theme's Inter arrives (isFontSwapInPanel).
          const panels = await documentBoxes(demos)
          const panel = panels[0]
          assert.ok(panel, what)
          const shifts = await readShifts(page)
          const moved = shifts.filter(
            (shift) => !(theme === 'twentytwentythree' && isFontSwapInPanel(shift, panels)),
          )
          assert.deepEqual(
            moved,
            [],
            `${what}: layout shifts ${JSON.stringify(shifts)}, the panels at ${JSON.stringify(panels)}`,
          )

          if (releaseVideo) {
            // The video button arrives under the panel, in the flow: only what is below it moves.
            releaseVideo()
            await assertVideoButtonInFlow(demos.first(), page.locator('voice-video-call'))
            await painted(page)
            const later = (await readShifts(page)).slice(shifts.length)
            const elsewhere = later.filter((shift) => !isAllBelow(shift, panel.y + panel.height))
            assert.deepEqual(
              elsewhere,
              [],
              `${what}: shifts as the video button came, the panel at ${JSON.stringify(panel)}: ${JSON.stringify(later)}`,
            )
          }
          assert.deepEqual(errors, [], `${what}: errors`)
          if (name !== 'two') {
            await page.screenshot({ path: `${SCREENSHOTS}/${theme}-${width}-${name}.png`, fullPage: true })
          }
        } finally {
          await context.close()
        }
      }
    })
  }
}

test('WordPress logged no notice, warning or error from the plugin', async () => {
  const ours = (await wp.log()).split('\n').filter((line) => line.includes('voice-demo'))
  assert.deepEqual(ours, [])
})
