import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts'
import { insertBlock, openEditor, paste, sidebar, siteEditorCanvas } from './editor.ts'
import type { SiteKey } from './embed-key.ts'
import { assertUndamaged, collectErrors, pollUntil } from './page-checks.ts'
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
/** A site key a rep made on the product (run.ts), and whose it is. */
const SITE_KEY = JSON.parse(process.env.WORDPRESS_TEST_SITE_KEY ?? '{}') as SiteKey
const EMBED_KEY = SITE_KEY.secret
const SCREENSHOTS = 'test-results/wordpress'
/** The demo link the product does not know: it answers with its general demo. */
const UNKNOWN = 'nobody-here-at-all'
const THEMES = ['twentytwentythree', 'twentytwentyone'] as const
const WIDTHS = [390, 1280] as const

const BLOCK = `<!-- wp:callpilot/voice-demo {"slug":"${SLUG}","showVideoButton":true} /-->`
const SHORTCODE = `<p>Intro</p>\n\n[voice_demo slug="${SLUG}"]\n\nAfter`
const TWO_BLOCKS = `<!-- wp:paragraph -->\n<p>Two demos.</p>\n<!-- /wp:paragraph -->\n\n${BLOCK.replace(',"showVideoButton":true', '')}\n\n<!-- wp:callpilot/voice-demo {"slug":"${SLUG}","theme":"auto"} /-->`

let wp: WordPress
let browser: Browser
let authorContext: BrowserContext
const INVALID_ONLY = '<!-- wp:callpilot/voice-demo {"slug":"Bright Smile!"} /-->'
const UNKNOWN_BLOCK = `<!-- wp:callpilot/voice-demo {"slug":"${UNKNOWN}"} /-->`
const CLASSED = `<!-- wp:callpilot/voice-demo {"slug":"${SLUG}","align":"wide","className":"partner-demo"} /-->`
/** Written in a mail program: curly quotes, capitals and an underscore, after text in the paragraph. */
const MAILED_SHORTCODE = '<p>Try it: [voice_demo slug=\u201DBright_Smile-Dental\u201D]</p>'
const posts: Record<'block' | 'shortcode' | 'two' | 'invalid' | 'unknown' | 'classed' | 'mailed', SavedPost> =
  {} as never
/** Requests whose URL matches `pattern` made by `page` and its frames, as they come. */
function requestsTo(page: Page, pattern: RegExp): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url())
    if (pattern.test(url)) seen.push(url)
  })
  return seen
}
/** The rendered page's HTML for a reader in `context`. */
const htmlOf = async (context: BrowserContext, url: string) => (await context.request.get(url)).text()

before(async () => {
  assert.ok(PRODUCT && ZIP, 'Run this test with `npm run test:wordpress`, which starts the product.')
  await mkdir(SCREENSHOTS, { recursive: true })
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
  posts.invalid = await api.publish('Invalid only', INVALID_ONLY)
  posts.unknown = await api.publish('Unknown link', UNKNOWN_BLOCK)
  posts.classed = await api.publish('Wide with a class', CLASSED)
  posts.mailed = await api.publish('Mailed shortcode', MAILED_SHORTCODE)
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

test('Settings → Voice demo checks the product URL with the product, turns a prospect link into it, and checks the embed key', async () => {
  const name = ((await (await fetch(`${PRODUCT}/api/config`)).json()) as { productName: string }).productName
  const admin = await browser.newContext()
  try {
    await signIn(admin, wp.url, wp.admin)
    const page = await admin.newPage()
    await page.goto(`${wp.url}/wp-admin/options-general.php?page=voice-demo`)
    const field = page.getByLabel('Product URL')
    const save = () => page.getByRole('button', { name: 'Save Changes' }).click()
    await field.fill('ftp://demo.example.com')
    await save()
    await page.getByText('The product URL must start with https:// or http://').waitFor()
    assert.equal(await field.inputValue(), '')
    // An address that answers, but is not the product (the site itself): refused, with why.
    await field.fill(wp.url)
    await save()
    await page
      .getByText(
        `The product URL was not changed: ${wp.url} answered (HTTP 404), but not as the voice demo product does.`,
      )
      .waitFor()
    assert.equal(await field.inputValue(), '')
    // The prospect's demo link, the one address on the rep's page: its product is saved, and said.
    await field.fill(`${PRODUCT}/${SLUG}`)
    await save()
    await page
      .getByText(
        `That is a prospect's demo link. Saved the address of its product instead: connected to ${name} at ${PRODUCT}.`,
      )
      .waitFor()
    assert.equal(await field.inputValue(), PRODUCT)
    await field.fill(`${PRODUCT}/`)
    await save()
    await page.getByText(`Connected to ${name} at ${PRODUCT}.`).waitFor()
    assert.equal(await field.inputValue(), PRODUCT)

    const key = page.getByLabel('Embed key (optional)')
    await key.fill('vdk_revoked_or_never_made_0000')
    await save()
    await page.getByText('The key was not changed: The product does not accept this key').waitFor()
    await key.fill(EMBED_KEY)
    await save()
    await page.getByText(`Key for ${SITE_KEY.label}, made by ${SITE_KEY.rep}.`).first().waitFor()
    // Never printed back: the field is empty, the screen names its last four characters only.
    assert.equal(await page.getByLabel('Embed key (optional)').inputValue(), '')
    await page.getByText(`A key ending in …${EMBED_KEY.slice(-4)} is saved.`).waitFor()
    assert.doesNotMatch(await page.content(), new RegExp(EMBED_KEY))
    await page.screenshot({ path: `${SCREENSHOTS}/settings-1280.png`, fullPage: true })
    // Saving again with the field empty keeps the key.
    await save()
    await page.getByText(`A key ending in …${EMBED_KEY.slice(-4)} is saved.`).waitFor()
  } finally {
    await admin.close()
  }
  // Only administrators: an Author is refused the screen.
  const page = await authorContext.newPage()
  await page.goto(`${wp.url}/wp-admin/options-general.php?page=voice-demo`)
  await page.getByText('Sorry, you are not allowed to access this page.').waitFor()
  await page.close()
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

test("the Author's block editor: found in the inserter, picked from a search, set in the sidebar, named when wrong, published, reloaded and re-saved", async () => {
  const page = await authorContext.newPage()
  const errors = collectErrors(page)
  const lookups = requestsTo(page, /voice-demo\/v1\/prospects\/[^?]/)
  // What a visit or a call of the panel would send: a preview sends none of it.
  const reports = requestsTo(page, /\/api\/(events|calls|video|engagement)/)
  try {
    await page.setViewportSize({ width: 1280, height: 900 })
    await openEditor(page, `${wp.url}/wp-admin/post-new.php`)
    await page.getByRole('textbox', { name: 'Add title' }).fill('Picked in the editor')
    // The inserter's preview is a drawing of the panel, not "No Preview Available".
    await page.getByRole('button', { name: 'Toggle block inserter' }).click()
    await page.getByRole('searchbox', { name: 'Search for blocks and patterns' }).fill('voice demo')
    await page.getByRole('option', { name: 'Voice demo', exact: true }).hover()
    const example = page.locator('.block-editor-inserter__preview-container')
    await example.waitFor()
    await pollUntil('the example drawn', async () =>
      (await example.frameLocator('iframe').getByText('Built for your prospect').count()) > 0
        ? true
        : undefined,
    )
    assert.equal(await example.getByText('No Preview Available').count(), 0)
    await example.screenshot({ path: `${SCREENSHOTS}/editor-inserter-example.png` })
    await page.getByRole('option', { name: 'Voice demo', exact: true }).click()

    const blocks = page.locator('[data-type="callpilot/voice-demo"]')
    const first = blocks.first()
    await first.getByLabel('Find a prospect').fill('bright')
    await first.getByRole('button', { name: `${COMPANY} (` }).click()
    const frame = first.frameLocator('iframe[title^="Voice demo preview"]')
    await frame.getByRole('heading', { name: `Built for ${COMPANY}` }).waitFor()
    // The product's script runs only in the preview's own sandboxed frame, never in wp-admin's document.
    assert.equal(await page.locator('script[src*="widget.mjs"]').count(), 0)
    assert.equal(await first.locator('iframe').getAttribute('sandbox'), 'allow-scripts')
    // The search went through the site's server: the embed key is nowhere in the editor's page.
    assert.doesNotMatch(await page.content(), new RegExp(EMBED_KEY))
    assert.match(
      (await first.locator('iframe').getAttribute('srcdoc')) ?? '',
      /<voice-demo slug="bright-smile-dental" theme="auto" preview>/,
    )

    // A click on the preview selects the block: its settings are in the sidebar.
    await first.click()
    const side = await sidebar(page)
    await side.getByLabel('Theme').selectOption('dark')
    await side.getByLabel('Show the video call button').check()
    // Typed by hand, key by key: one lookup once typing pauses, not one per key; the repair is said.
    const link = side.getByLabel('Prospect link')
    await link.fill('')
    const before = lookups.length
    await link.pressSequentially('Harbor_Realty', { delay: 40 })
    await side.getByText('Saved as “harbor-realty”').waitFor()
    await frame.getByRole('heading', { name: /Built for Harbor Realty/ }).waitFor()
    assert.ok(lookups.length - before <= 1, `lookups while typing: ${lookups.slice(before).join(', ')}`)
    // What cannot be a link is named in the block itself.
    await link.fill('Bright Smile!')
    await first.getByText('“Bright Smile!” is not a prospect link').waitFor()
    await link.fill(SLUG)
    await frame.getByRole('heading', { name: `Built for ${COMPANY}` }).waitFor()

    // A second demo, with a link the product does not know: named once the product has answered.
    await page.getByRole('textbox', { name: 'Add title' }).click()
    await insertBlock(page, 'voice demo', 'Voice demo')
    const second = blocks.nth(1)
    await second.getByLabel('Prospect link').fill(UNKNOWN)
    await second.getByText(`The product does not know the prospect link “${UNKNOWN}”`).waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}/editor-1280.png` })

    // Publishing: the pre-publish panel names it too.
    await page.getByRole('button', { name: 'Publish', exact: true }).first().click()
    const prePublish = page.locator('.voice-demo-pre-publish')
    await prePublish.getByText(`The product does not know the prospect link “${UNKNOWN}”`).waitFor()
    await page
      .locator('.editor-post-publish-panel')
      .screenshot({ path: `${SCREENSHOTS}/editor-pre-publish.png` })
    await page
      .locator('.editor-post-publish-panel')
      .getByRole('button', { name: 'Publish', exact: true })
      .click()
    await page.getByText('is now live').first().waitFor()
    const id = Number(new URL(page.url()).searchParams.get('post'))
    assert.ok(id > 0, page.url())

    // Reloaded: the settings are as they were set; re-saved: the stored demo is unchanged.
    await page.reload()
    const api = await PostsApi.of(authorContext, wp.url)
    const stored = await api.resave(id)
    assert.match(
      stored.content.raw,
      new RegExp(
        `<!-- wp:callpilot/voice-demo \\{"slug":"${SLUG}","theme":"dark","showVideoButton":true\\} /-->`,
      ),
    )
    await blocks
      .first()
      .frameLocator('iframe')
      .getByRole('heading', { name: `Built for ${COMPANY}` })
      .waitFor()
    await blocks.first().click()
    const again = await sidebar(page)
    assert.equal(await again.getByLabel('Prospect link').inputValue(), SLUG)
    assert.equal(await again.getByLabel('Theme').inputValue(), 'dark')
    assert.ok(await again.getByLabel('Show the video call button').isChecked())
    await page.getByRole('textbox', { name: 'Add title' }).fill('Picked in the editor, again')
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await page.getByText('Post updated.').first().waitFor()
    const resaved = await api.resave(id)
    assert.equal(resaved.content.raw, stored.content.raw)

    assert.deepEqual(reports, [], 'the preview reported nothing and started nothing')
    const ours = errors.filter((error) => error.startsWith('uncaught') || error.includes('voice-demo/v1'))
    assert.deepEqual(ours, [])
  } catch (error) {
    // What the editor showed when it failed.
    await page.screenshot({ path: `${SCREENSHOTS}/failed-block-editor.png` })
    throw error
  } finally {
    await page.close()
  }
})

test('pasted into the editor, a demo link of the product, the shortcode and the HTML snippet become the block', async () => {
  const page = await authorContext.newPage()
  try {
    // On a phone's width: the editor's narrow layout, and the preview at the panel's narrow height.
    await page.setViewportSize({ width: 390, height: 844 })
    await openEditor(page, `${wp.url}/wp-admin/post-new.php`)
    const blocks = page.locator('[data-type="callpilot/voice-demo"]')
    const pastes = [
      { text: `${PRODUCT}/${SLUG}` },
      { text: '[voice_demo slug="harbor-realty" theme="dark" video="yes"]' },
      {
        text: `<script type="module" async src="${PRODUCT}/widget.mjs"></script>\n<voice-demo slug="${SLUG}"></voice-demo>`,
      },
    ]
    for (const [index, { text }] of pastes.entries()) {
      await page.getByRole('textbox', { name: 'Add title' }).press('Enter')
      await paste(page, text)
      await blocks.nth(index).waitFor()
    }
    const attributes = await page.evaluate(() =>
      (
        window as unknown as {
          wp: {
            data: { select(store: string): { getBlocks(): Array<{ name: string; attributes: object }> } }
          }
        }
      ).wp.data
        .select('core/block-editor')
        .getBlocks()
        .filter((block) => block.name === 'callpilot/voice-demo')
        .map((block) => block.attributes),
    )
    assert.deepEqual(attributes, [
      { slug: SLUG, theme: 'auto', showVideoButton: false, isExample: false },
      { slug: 'harbor-realty', theme: 'dark', showVideoButton: true, isExample: false },
      { slug: SLUG, theme: 'auto', showVideoButton: false, isExample: false },
    ])
    await blocks
      .first()
      .frameLocator('iframe')
      .getByRole('heading', { name: `Built for ${COMPANY}` })
      .waitFor()
    const frame = await blocks.first().locator('iframe').boundingBox()
    assert.ok(frame && frame.width < 528, 'the block narrower than 528 px')
    // The panel's own height rule: 296 px below 432 px wide, 276 px below 528 px.
    const expected = frame.width < 432 ? 296 : 276
    assert.equal(frame.height, expected, `the panel's height at ${frame.width} px wide`)
    await page.screenshot({ path: `${SCREENSHOTS}/editor-pasted-390.png` })
  } finally {
    await page.close()
  }
})

test('the Site Editor (Twenty Twenty-Three, as an Administrator): the block has a placeholder, then the panel, never 0 px', async () => {
  await wp.switchTheme('twentytwentythree')
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    await signIn(admin, wp.url, wp.admin)
    const page = await admin.newPage()
    const reports = requestsTo(page, /\/api\/(events|calls|video)/)
    await openEditor(
      page,
      `${wp.url}/wp-admin/site-editor.php?postType=wp_template&postId=twentytwentythree%2F%2F404`,
    )
    const canvas = await siteEditorCanvas(page)
    const paragraph = canvas.locator('[data-type="core/paragraph"]').first()
    await paragraph.waitFor()
    await paragraph.click()
    await insertBlock(page, 'voice demo', 'Voice demo')
    const block = canvas.locator('[data-type="callpilot/voice-demo"]')
    await block.getByText('Pick the prospect whose demo this is.').waitFor()
    const placeholder = await block.boundingBox()
    assert.ok(placeholder && placeholder.height >= 100, `placeholder ${JSON.stringify(placeholder)}`)
    await page.screenshot({ path: `${SCREENSHOTS}/site-editor-placeholder-1280.png` })
    await block.getByLabel('Prospect link').fill(SLUG)
    await block
      .frameLocator('iframe')
      .getByRole('heading', { name: `Built for ${COMPANY}` })
      .waitFor()
    const preview = await block.locator('iframe').boundingBox()
    assert.ok(preview && preview.height >= 220, `preview ${JSON.stringify(preview)}`)
    // Alignment: the block's toolbar offers wide and full width.
    await page.getByRole('button', { name: 'Align' }).click()
    await page.getByRole('menuitemradio', { name: /Wide width/ }).waitFor()
    await page.getByRole('menuitemradio', { name: /Full width/ }).click()
    await pollUntil('the block full width', async () =>
      (await block.getAttribute('class'))?.includes('alignfull') ? true : undefined,
    )
    await page.screenshot({ path: `${SCREENSHOTS}/site-editor-1280.png` })
    assert.equal(await page.locator('script[src*="widget.mjs"]').count(), 0)
    assert.deepEqual(reports, [])
  } finally {
    await admin.close()
  }
})

test('the Classic block: a shortcode typed after text shows the demo outside the paragraph', async () => {
  const page = await authorContext.newPage()
  try {
    await openEditor(page, `${wp.url}/wp-admin/post-new.php`)
    await page.getByRole('textbox', { name: 'Add title' }).fill('Classic')
    await page.getByRole('textbox', { name: 'Add title' }).press('Enter')
    await insertBlock(page, 'classic', 'Classic')
    const classic = page.locator('[data-type="core/freeform"] [contenteditable="true"]')
    await classic.click()
    await page.keyboard.type(`Try it now: [voice_demo slug="${SLUG}"]`)
    await page.getByRole('button', { name: 'Publish', exact: true }).first().click()
    await page
      .locator('.editor-post-publish-panel')
      .getByRole('button', { name: 'Publish', exact: true })
      .click()
    await page.getByText('is now live').first().waitFor()
    const link = await page.locator('.post-publish-panel__postpublish-header a').first().getAttribute('href')
    assert.ok(link)
    const html = await htmlOf(await browser.newContext(), link)
    assertUndamaged(html, SLUG, 1, false)
    assert.match(html, /Try it now:\s*<\/p>/)
  } finally {
    await page.close()
  }
})

test('an unknown link: visitors get the general demo without a word, editors a notice; an invalid one: nothing loads', async () => {
  const visitor = await browser.newContext()
  try {
    for (const theme of THEMES) {
      await wp.switchTheme(theme)
      const invalid = await htmlOf(visitor, posts.invalid.link)
      assert.match(invalid, /<!-- Voice demo: no valid prospect link -->/)
      assert.doesNotMatch(
        invalid,
        /widget\.mjs|voice-demo-inline-css|voice-demo-space|not a prospect link/,
        theme,
      )
      const unknown = await htmlOf(visitor, posts.unknown.link)
      assert.match(unknown, new RegExp(`<voice-demo slug="${UNKNOWN}"`))
      assert.doesNotMatch(unknown, /does not know/)
    }
    const page = await authorContext.newPage()
    await page.goto(posts.invalid.link)
    await page
      .getByText('Voice demo: “Bright Smile!” is not a prospect link, so visitors see nothing here.')
      .waitFor()
    await page.goto(posts.unknown.link)
    await page.getByText(`Voice demo: the product does not know the prospect link “${UNKNOWN}”`).waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}/unknown-link-author-1280.png` })
    await page.close()
  } finally {
    await visitor.close()
  }
})

test("the block's class and alignment reach the page; a mailed shortcode is repaired and taken out of its paragraph", async () => {
  const visitor = await browser.newContext()
  try {
    for (const theme of THEMES) {
      await wp.switchTheme(theme)
      const classed = await htmlOf(visitor, posts.classed.link)
      assert.match(classed, /<div class="[^"]*\bpartner-demo\b[^"]*"/)
      assert.match(classed, /<div class="[^"]*\balignwide\b[^"]*"/)
      // Enqueued the WordPress way, each once: the module script by its handle, the CSS as its inline style.
      assert.equal(
        (
          classed.match(/<script type="module" async src="[^"]+\/widget\.mjs" id="voice-demo-widget-js">/g) ??
          []
        ).length,
        1,
      )
      assert.equal((classed.match(/<style id=['"]voice-demo-inline-css['"]/g) ?? []).length, 1)
      const mailed = await htmlOf(visitor, posts.mailed.link)
      assertUndamaged(mailed, SLUG, 1, false)
      assert.equal((mailed.match(/widget\.mjs/g) ?? []).length, 1)
    }
  } finally {
    await visitor.close()
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

test('in a widget (a block widget and the classic Text widget), the demo is not inside a <p>', async () => {
  await wp.switchTheme('twentytwentyone')
  await wp.addWidget(
    'block',
    'sidebar-1',
    `<!-- wp:paragraph --><p>Before [voice_demo slug="${SLUG}"]</p><!-- /wp:paragraph -->`,
  )
  await wp.addWidget('text', 'sidebar-1', `[voice_demo slug="${SLUG}"]`)
  const visitor = await browser.newContext()
  try {
    const html = await htmlOf(visitor, `${wp.url}/?p=1`)
    assertUndamaged(html, SLUG, 2, false)
    assert.equal((html.match(/widget\.mjs/g) ?? []).length, 1)
    assert.equal((html.match(/id="voice-demo-space"/g) ?? []).length, 1)
    // And in the browser: both panels show, in the footer's widget area.
    const page = await visitor.newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${wp.url}/?p=1`)
    for (const demo of await page.locator('voice-demo').all())
      await demo.getByRole('heading', { name: `Built for ${COMPANY}` }).waitFor()
    await page.locator('.widget-area').screenshot({ path: `${SCREENSHOTS}/widgets-twentytwentyone-1280.png` })
  } finally {
    await visitor.close()
  }
})

test('deactivated, the plugin leaves no trace of the block on the page (the shortcode stays as text)', async () => {
  await wp.deactivatePlugin()
  const visitor = await browser.newContext()
  try {
    const block = await htmlOf(visitor, posts.block.link)
    // (The Text widgets added above show their shortcodes as text, as any shortcode does.)
    assert.doesNotMatch(block, /callpilot|<voice-demo|voice-demo-embed|widget\.mjs|voice-demo-inline-css/)
    // A shortcode is the post's own text: WordPress shows it as written once nothing handles it.
    assert.match(await htmlOf(visitor, posts.shortcode.link), /\[voice_demo slug="bright-smile-dental"\]/)
  } finally {
    await visitor.close()
  }
})

test('deleting the plugin removes its setting (uninstall.php)', async () => {
  const said = await wp.uninstallPlugin()
  assert.match(said, /product URL option: 'absent'/)
  assert.match(said, /embed key option: 'absent'/)
  assert.match(said, /plugin folder: absent/)
})

test('WordPress logged no notice, warning or error from the plugin', async () => {
  const ours = (await wp.log()).split('\n').filter((line) => line.includes('voice-demo'))
  assert.deepEqual(ours, [])
})
