import { copyFile, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { robotsTxt, sitemapXml } from '../server/src/static/crawlers.ts'
import { type BuildManifest, chunkPreloadLinks, withChunkPreloads } from '../site/build/chunk-preloads.ts'
import { fontPreloadLinks, PRELOADED_WEIGHTS, withFontPreloads } from '../site/build/fonts/font-preloads.ts'
import { loadSiteEnv } from '../site/build/load-site-env.ts'
import { SITE_BUILD_RECORD } from '../site/build/site-build-record.ts'
import { NOT_FOUND_ROOT_ATTRIBUTE } from '../site/src/app/not-found-root.ts'
import { withLandingPreview, withTitle } from './prerender-heads.ts'

/**
 * After `vite build` of the site and of its server entry: writes the prerendered pages (the landing
 * page into dist/site/index.html, served at `/`; the legal pages into privacy.html and terms.html),
 * each hydrated by the client, keeps the empty shell as dist/site/app.html for every other page, and
 * writes dist/site/404.html, the shell marked as the not-found page, which servers send with status
 * 404 for any path that is no page and no file. The server entry stays in dist/.site-ssr (outside
 * what is served): the server renders prospect pages with it on request.
 */
const root = fileURLToPath(new URL('../', import.meta.url))
const siteDir = join(root, 'dist', 'site')
const ssrDir = join(root, 'dist', '.site-ssr')
const EMPTY_ROOT = '<div id="root"></div>'

interface PrerenderedPage {
  pathname: string
  file: string
  head: { title: string; description: (product: string) => string } | null
  chunk: string | null
}
const shell = await readFile(join(siteDir, 'index.html'), 'utf8')
if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/site/index.html has no ${EMPTY_ROOT} to fill`)
const { renderSitePage, PRERENDERED_PAGES } = (await import(
  pathToFileURL(join(ssrDir, 'entry-server.js')).href
)) as { renderSitePage: (pathname: string) => Promise<string>; PRERENDERED_PAGES: readonly PrerenderedPage[] }
const { PRODUCT_NAME } = loadSiteEnv(
  JSON.parse(await readFile(join(siteDir, SITE_BUILD_RECORD), 'utf8')) as Record<string, string>,
)
// Read once and removed: the manifest is the build's, not a file to serve.
const manifest = JSON.parse(await readFile(join(siteDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest
await rm(join(siteDir, '.vite'), { recursive: true })
const siteUrl = process.env.SITE_URL?.trim().replace(/\/+$/, '') || null

await copyFile(join(siteDir, 'index.html'), join(siteDir, 'app.html'))
await writeFile(
  join(siteDir, '404.html'),
  shell.replace(EMPTY_ROOT, `<div id="root" ${NOT_FOUND_ROOT_ATTRIBUTE}></div>`),
)
// Prerendered pages open with a heading in Inter 800, not the shell's 700.
const fonts = fontPreloadLinks(
  await readdir(join(siteDir, 'assets')).then((names) => names.map((name) => `assets/${name}`)),
  PRELOADED_WEIGHTS.prerendered,
)
for (const page of PRERENDERED_PAGES) {
  const body = await renderSitePage(page.pathname)
  // A boundary left to the client (`<!--$!-->`) or moved behind a script would be a page that is not
  // whole without JavaScript, or one the policy keeps hidden.
  if (/<!--\$!-->|<script|<template/.test(body)) throw new Error(`${page.pathname} did not render whole`)
  let html = withFontPreloads(shell, fonts)
  if (page.chunk) html = withChunkPreloads(html, chunkPreloadLinks(manifest, page.chunk))
  html = page.head
    ? withTitle(html, page.head.title, page.head.description(PRODUCT_NAME), PRODUCT_NAME)
    : withLandingPreview(html, PRODUCT_NAME, siteUrl)
  await writeFile(
    join(siteDir, page.file),
    html.replace(EMPTY_ROOT, () => `<div id="root">${body}</div>`),
  )
  console.log(
    `prerendered ${page.pathname} into dist/site/${page.file} (${(body.length / 1024).toFixed(1)} KB of HTML)`,
  )
}

// A static host answers /robots.txt and /sitemap.xml from files (the bundled server makes them per
// request); they name the site's absolute address, so they are written only when SITE_URL says it.
if (siteUrl) {
  await writeFile(join(siteDir, 'robots.txt'), robotsTxt(siteUrl))
  await writeFile(join(siteDir, 'sitemap.xml'), sitemapXml(siteUrl))
  console.log(`wrote robots.txt and sitemap.xml for ${siteUrl}`)
}
