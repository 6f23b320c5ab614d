import { copyFile, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { robotsTxt, sitemapXml } from '../server/src/static/crawlers.ts'
import { NOT_FOUND_ROOT_ATTRIBUTE } from '../site/src/app/not-found-root.ts'

/**
 * After `vite build` of the site and of its server entry: writes the landing page's HTML into
 * dist/site/index.html (served at `/`, hydrated by the client), keeps the empty shell as
 * dist/site/app.html for every other page, and writes dist/site/404.html, the shell marked as the
 * not-found page, which servers send with status 404 for any path that is no page and no file. The
 * server entry stays in dist/.site-ssr (outside what is served): the server renders prospect pages
 * with it on request.
 */
const root = fileURLToPath(new URL('../', import.meta.url))
const siteDir = join(root, 'dist', 'site')
const ssrDir = join(root, 'dist', '.site-ssr')
const EMPTY_ROOT = '<div id="root"></div>'

const shell = await readFile(join(siteDir, 'index.html'), 'utf8')
if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/site/index.html has no ${EMPTY_ROOT} to fill`)
const { renderLandingPage } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
  renderLandingPage: () => string
}
const html = renderLandingPage()
await copyFile(join(siteDir, 'index.html'), join(siteDir, 'app.html'))
await writeFile(
  join(siteDir, '404.html'),
  shell.replace(EMPTY_ROOT, `<div id="root" ${NOT_FOUND_ROOT_ATTRIBUTE}></div>`),
)
await writeFile(join(siteDir, 'index.html'), shell.replace(EMPTY_ROOT, `<div id="root">${html}</div>`))
console.log(`prerendered / into dist/site/index.html (${(html.length / 1024).toFixed(1)} KB of HTML)`)

// A static host answers /robots.txt and /sitemap.xml from files (the bundled server makes them per
// request); they name the site's absolute address, so they are written only when SITE_URL says it.
const siteUrl = process.env.SITE_URL?.trim().replace(/\/+$/, '')
if (siteUrl) {
  await writeFile(join(siteDir, 'robots.txt'), robotsTxt(siteUrl))
  await writeFile(join(siteDir, 'sitemap.xml'), sitemapXml(siteUrl))
  console.log(`wrote robots.txt and sitemap.xml for ${siteUrl}`)
}
