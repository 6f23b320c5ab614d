import type { Context, Hono } from 'hono'
import type { SiteEnv } from '../../../site/build/load-site-env.ts'
import { matchRoute } from '../../../site/src/app/match-route.ts'
import { cameOverHttps } from '../common/came-over-https.ts'
import { matchesEtag } from '../common/etag.ts'
import type { ProspectAnswers } from '../data/prospect-answers.ts'
import { type BuiltFiles, listBuiltFiles } from './built-files.ts'
import { getContentType } from './content-types.ts'
import { robotsTxt, sitemapXml } from './crawlers.ts'
import { PANEL_CSS_FILE } from './drawn-panel.ts'
import { encodeBuiltPage, encodePage } from './encoded-files.ts'
import { mountPluginZip } from './plugin-zip.ts'
import { type PolicyConfig, readPolicySources } from './policy-sources.ts'
import { createPrerenderedPages, PRERENDERED_FILES } from './prerendered-pages.ts'
import { askedSlug, canonicalProspectPath } from './prospect-pages.ts'
import { createRenderedPages, pagePolicy } from './rendered-pages.ts'
import { partnerPageHeaders, sitePageHeaders } from './security-headers.ts'
import {
  type FileOptions,
  type ListedFile,
  type PageKind,
  readListedFile,
  respond,
  sendEncoded,
  shellText,
  textReader,
} from './send-file.ts'
import { watchSiteBuild } from './site-build.ts'
import { watchSiteRenderer } from './site-renderer.ts'

export interface StaticDirs {
  /** `dist/site`: index.html, app.html, 404.html and assets/. */
  siteDir: string
  /** `dist/widget`: widget.mjs, widget.js and widget-chunks/. */
  widgetDir: string
  /** `embed-demo/`, served as is. */
  embedDemoDir: string
  /** `dist/.site-ssr`: the site's server entry, which renders prospect pages; absent, they start empty. */
  ssrDir?: string
  /** `dist/wordpress`: the WordPress plugin's zip, served at PLUGIN_ZIP_PATH; absent, that path is a page. */
  wordpressDir?: string
}

/**
 * What the static files need of the server's configuration: the pages' policy, whom to trust, and
 * where the site is published (canonical links and link previews; the request's origin when unset).
 */
export type StaticFilesConfig = PolicyConfig & { trustedProxyHeader: string | null; siteUrl?: string | null }

export interface StaticPageOptions {
  /** The app answers `/{slug}/preview.png`: known prospects' pages name it as their link preview. */
  prospectPictures?: boolean
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
export const NOT_BUILT_MESSAGE = 'Not built yet: run npm run build first, then restart the server.'

/** Sent when a build has no 404.html (one made before it existed): still a page, still our policy. */
const FALLBACK_NOT_FOUND =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Page not found</title>' +
  '<h1>Page not found</h1><p><a href="/">Go to the home page</a></p></html>'

/**
 * Adds the built site, the widget bundle and the embed demos to the app (Node only; in production a
 * static host serves these). Only files the builds produced are served (built-files.ts); the app
 * shell only for the site's pages, and 404.html for anything else. Hashed files are immutable;
 * entry points revalidate on every load.
 */
export function mountStaticFiles(
  app: Hono,
  dirs: StaticDirs,
  config: StaticFilesConfig,
  answers?: ProspectAnswers,
  options: StaticPageOptions = {},
): void {
  const site = listBuiltFiles(dirs.siteDir)
  const widget = listBuiltFiles(dirs.widgetDir)
  const demos = listBuiltFiles(dirs.embedDemoDir)
  const siteBuild = watchSiteBuild(dirs.siteDir)
  const pageHeaders = pageHeaderReader(config, siteBuild)
  const renderSite = dirs.ssrDir === undefined ? async () => null : watchSiteRenderer(dirs.ssrDir)

  const send = async (c: Context, files: BuiltFiles, relative: string | null, options: FileOptions) => {
    const file = await readListedFile(relative === null ? null : await files.find(relative))
    if (file !== null) return respond(c, file, options, await pageHeaders(c, file, options.page))
    if (!(await files.built())) return c.text(NOT_BUILT_MESSAGE, 503, { 'Cache-Control': 'no-store' })
    return notFound(c)
  }
  const notFound = async (c: Context) => {
    const page = await readListedFile(await site.find('404.html'))
    const options: FileOptions = { cacheControl: REVALIDATE, status: 404 }
    if (page) return respond(c, page, options, await pageHeaders(c, page))
    const headers = await pageHeaders(c, { path: '404.html' })
    return c.html(FALLBACK_NOT_FOUND, 404, { 'Cache-Control': REVALIDATE, ...headers })
  }

  // The snippet's module (widget.mjs) and the classic loader of older snippets (widget.js).
  for (const entry of ['widget.mjs', 'widget.js']) {
    app.get(`/${entry}`, (c) => send(c, widget, entry, { cacheControl: REVALIDATE, cors: true }))
  }
  app.get('/widget-chunks/*', (c) => send(c, widget, tailOf(c, '/'), { cacheControl: IMMUTABLE, cors: true }))
  app.get('/assets/*', (c) => send(c, site, tailOf(c, '/'), { cacheControl: IMMUTABLE }))
  app.get('/embed-demo', (c) => c.redirect('/embed-demo/', 301))
  app.get('/embed-demo/*', async (c) => {
    const tail = tailOf(c, '/embed-demo/')
    const options: FileOptions = { cacheControl: REVALIDATE, page: 'partner' }
    if (tail === '' || tail?.endsWith('/')) return send(c, demos, `${tail}index.html`, options)
    // Relative links in a directory's index.html need the trailing slash.
    if (tail !== null && !(await demos.find(tail)) && (await demos.find(`${tail}/index.html`))) {
      return c.redirect(`${new URL(c.req.url).pathname}/`, 301)
    }
    return send(c, demos, tail, options)
  })
  if (dirs.wordpressDir !== undefined) mountPluginZip(app, dirs.wordpressDir)
  // Absolute URLs name where the site is published, else the origin the request came to.
  const siteUrlOf = (c: Context) => (config.siteUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')
  const crawlerHeaders = { 'Cache-Control': REVALIDATE, 'X-Content-Type-Options': 'nosniff' }
  app.get('/robots.txt', (c) => c.text(robotsTxt(siteUrlOf(c)), 200, crawlerHeaders))
  app.get('/sitemap.xml', (c) =>
    c.body(sitemapXml(siteUrlOf(c)), 200, {
      ...crawlerHeaders,
      'Content-Type': 'application/xml; charset=utf-8',
    }),
  )
  app.get('*', async (c) => {
    const url = new URL(c.req.url)
    const path = url.pathname
    if (/^\/api(\/|$)/.test(path)) return c.notFound()
    const file = tailOf(c, '/')
    // Every file a build writes has an extension; a last segment without a dot (a prospect's link,
    // the site's own pages) is a page, and asking the listing for it would make each such request
    // check the build's directories for changes.
    const mayBeFile = file !== null && /\.[^/]*$/.test(file)
    if (mayBeFile && (await site.find(file)) !== null) {
      return send(c, site, file, { cacheControl: REVALIDATE })
    }
    // A prospect link a mail client or a spreadsheet changed (case, a trailing dot, slash or space)
    // goes to its one canonical address, permanently, so previews and shares agree.
    const canonical = canonicalProspectPath(path)
    if (canonical !== null) return c.redirect(`${canonical}${url.search}`, 301)
    const route = matchRoute(path)
    if (route.page === 'prospect') return prospectPage(c, route.slug)
    if (route.page === 'not-found') return send(c, site, null, { cacheControl: REVALIDATE })
    // The landing (index.html) and the legal pages come rendered from the build; the site's other pages
    // start from the empty shell app.html (a build without the prerender step has only index.html).
    const prerendered = await readListedFile(await site.find(PRERENDERED_FILES[route.page] ?? ''))
    if (prerendered) return prerenderedPage(c, prerendered)
    const shell = path !== '/' && (await site.find('app.html')) !== null ? 'app.html' : 'index.html'
    return send(c, site, shell, { cacheControl: REVALIDATE })
  })

  const prerenderedPages = createPrerenderedPages(textReader(site), encodeBuiltPage)
  const prerenderedPage = async (c: Context, source: ListedFile) => {
    const page = await prerenderedPages(source.file, shellText(source), siteUrlOf(c))
    const headers: Record<string, string> = {
      'Cache-Control': REVALIDATE,
      Vary: 'Accept-Encoding',
      'X-Content-Type-Options': 'nosniff',
      ...(await pageHeaders(c, source)),
      ETag: page.file.etag,
    }
    const policy = headers['Content-Security-Policy']
    if (policy !== undefined) headers['Content-Security-Policy'] = pagePolicy(policy, page)
    if (matchesEtag(c.req.header('If-None-Match'), page.file.etag)) return c.body(null, 304, headers)
    headers['Content-Type'] = getContentType('page.html')
    return sendEncoded(c, page.file, 200, headers)
  }

  /**
   * A prospect's page, rendered with its answer: finished HTML (greeting, pitch, the panel's texts)
   * with its own link preview, never indexed. A malformed link gets the general demo with status 404;
   * without a renderer or an answer (an older build, the database away) it starts from the empty shell
   * and the page loads the prospect itself.
   */
  const renderedPages = createRenderedPages(textReader(site), encodePage)
  const prospectPage = async (c: Context, slug: string) => {
    const asked = askedSlug(slug)
    const status = asked === slug ? 200 : 404
    const shellFile = await readListedFile(await site.find('app.html'))
    if (!shellFile) return send(c, site, 'index.html', { cacheControl: REVALIDATE, status })
    const headers: Record<string, string> = {
      'Cache-Control': REVALIDATE,
      Vary: 'Accept-Encoding',
      'X-Content-Type-Options': 'nosniff',
      ...(await pageHeaders(c, shellFile)),
      'X-Robots-Tag': 'noindex',
    }
    const [renderer, answer, panelCss] = await Promise.all([
      renderSite().catch(() => null),
      answers?.get(asked).catch(() => null) ?? null,
      widget.find(PANEL_CSS_FILE).then(readListedFile),
    ])
    if (!renderer || !answer) return respond(c, shellFile, { cacheControl: REVALIDATE, status }, headers)
    const page = await renderedPages({
      answer,
      slug: asked,
      pathname: new URL(c.req.url).pathname,
      shell: { etag: shellFile.file.etag, text: shellText(shellFile) },
      renderer,
      productName: (await siteBuild()).PRODUCT_NAME,
      siteUrl: siteUrlOf(c),
      prospectPicture: options.prospectPictures === true,
      // The panel is drawn in the page with the widget's own stylesheet, from the widget's build.
      panelCss: panelCss && { etag: panelCss.file.etag, text: shellText(panelCss) },
    })
    const policy = headers['Content-Security-Policy']
    if (policy !== undefined) headers['Content-Security-Policy'] = pagePolicy(policy, page)
    headers['Content-Type'] = getContentType('page.html')
    return sendEncoded(c, page.file, status, headers)
  }
}

/** The request path after `prefix`, percent-decoded; null when it cannot be decoded. */
function tailOf(c: Context, prefix: string): string | null {
  try {
    return decodeURIComponent(new URL(c.req.url).pathname.slice(prefix.length))
  } catch {
    return null
  }
}

const NOT_A_PAGE: Record<string, string> = {}

/**
 * The headers a file gets as a page: documents only (scripts and images ignore them), by kind. The
 * site's policy is worked out once per site build.
 */
function pageHeaderReader(config: StaticFilesConfig, siteBuild: () => Promise<SiteEnv>) {
  const policies = new WeakMap<SiteEnv, { plain: Record<string, string>; https: Record<string, string> }>()
  return async (
    c: Context,
    file: { path: string },
    kind: PageKind = 'site',
  ): Promise<Record<string, string>> => {
    if (!getContentType(file.path).startsWith('text/html')) return NOT_A_PAGE
    const https = cameOverHttps(
      c.req.url,
      c.req.header('X-Forwarded-Proto'),
      config.trustedProxyHeader !== null,
    )
    if (kind === 'partner') return partnerPageHeaders(https)
    const settings = await siteBuild()
    let policy = policies.get(settings)
    if (!policy) {
      const sources = readPolicySources(config, settings)
      policy = { plain: sitePageHeaders(sources, false), https: sitePageHeaders(sources, true) }
      policies.set(settings, policy)
    }
    return https ? policy.https : policy.plain
  }
}
