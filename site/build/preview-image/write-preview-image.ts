import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../../e2e/chromium.ts'

/**
 * Draws the link-preview pictures (1200×630) from preview.html in Chromium, with Inter from the npm
 * package: site/public/og-image.jpg for every prospect page, site/public/og-landing.jpg for the
 * landing page (JPEG, not PNG: the gradient makes a PNG of 440 KB, over what some messengers fetch
 * for a preview; this is 60 KB). Run it after changing preview.html; the
 * pictures are committed, so neither the build nor the server needs a browser.
 */
const PICTURES = [
  { file: 'og-image.jpg', query: '' },
  {
    file: 'og-landing.jpg',
    query: `?${new URLSearchParams({
      title: 'Every call answered, every lead booked',
      lead: 'AI voice agents for small businesses.',
    })}`,
  },
]
const here = import.meta.dirname
const fonts = join(dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json')), 'files')
const scratch = await mkdtemp(join(tmpdir(), 'preview-image-'))
try {
  await copyFile(join(here, 'preview.html'), join(scratch, 'preview.html'))
  for (const weight of [500, 800]) {
    await copyFile(join(fonts, `inter-latin-${weight}-normal.woff2`), join(scratch, `inter-${weight}.woff2`))
  }
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 })
  for (const picture of PICTURES) {
    await page.goto(`file://${join(scratch, 'preview.html')}${picture.query}`)
    await page.evaluate(() => document.fonts.ready)
    const out = join(here, '../../public', picture.file)
    await page.screenshot({ path: out, type: 'jpeg', quality: 90 })
    console.log(`wrote ${out}`)
  }
  await browser.close()
} finally {
  await rm(scratch, { recursive: true, force: true })
}
