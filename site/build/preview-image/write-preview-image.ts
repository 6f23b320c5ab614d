import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../../e2e/chromium.ts'

/**
 * Draws site/public/og-image.jpg (1200×630, the link preview of every prospect page) from
 * preview.html in Chromium, with Inter from the npm package. Run it after changing preview.html;
 * the picture is committed, so neither the build nor the server needs a browser.
 */
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
  await page.goto(`file://${join(scratch, 'preview.html')}`)
  await page.evaluate(() => document.fonts.ready)
  const out = join(here, '../../public/og-image.jpg')
  await page.screenshot({ path: out, type: 'jpeg', quality: 90 })
  await browser.close()
  console.log(`wrote ${out}`)
} finally {
  await rm(scratch, { recursive: true, force: true })
}
