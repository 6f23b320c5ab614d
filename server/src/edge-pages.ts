import { Hono } from 'hono'
import { loadSiteEnv, type SiteEnv } from '../../site/build/load-site-env.ts'
import type { ServerConfig } from './config.ts'
import type { ProspectAnswers } from './data/prospect-answers.ts'
import { PANEL_CSS_FILE } from './static/drawn-panel.ts'
import type { ReadSiteText } from './static/inline-head.ts'
import { readPolicySources } from './static/policy-sources.ts'
import { askedSlug, canonicalProspectPath, type SiteRenderer } from './static/prospect-pages.ts'
import { createRenderedPages, pagePolicy } from './static/rendered-pages.ts'
import { sitePageHeaders } from './static/security-headers.ts'

/** Where the edge answers prospect pages; the static host proxies `/{slug}` here. */
export const EDGE_PAGES_PATH = '/api/pages'
const NO_SITE_URL = 'Prospect pages need SITE_URL: where the site (app.html) is published.'
/** How long the published shell (`{SITE_URL}/app.html`) and the files it inlines are reused. */
const SHELL_SECONDS = 30

export interface EdgePagesOptions {
  config: ServerConfig
  /** The function's environment: the site's build settings (`PRODUCT_NAME`, `CALENDLY_URL`, …). */
  env: Record<string, string | undefined>
  answers: ProspectAnswers
  /** Imports the site's server entry bundled with the function. */
  loadRenderer(): Promise<SiteRenderer>
  fetch?: typeof fetch | undefined
}

/**
 * Prospect pages in the hosted deployment, where no Node server runs: a static host serves the site
 * and proxies `/{slug}` to `GET /api/pages/{slug}` here. The page is the one the Node server makes
 * (rendered for its prospect, its own preview tags, noindex, stylesheet inline), built on the shell
 * the static host publishes at `{SITE_URL}/app.html`, so it always matches the deployed assets. Its
 * policy is the site's, from the same settings as the build. Without `SITE_URL` there is no shell to
 * build on, and the route says so.
 */
export function edgePageRoutes(options: EdgePagesOptions): Hono {
  const { config, answers } = options
  const siteUrl = config.siteUrl
  if (siteUrl === null) return new Hono().get('/:segment', (c) => c.text(NO_SITE_URL, 503))
  const fetchFn = options.fetch ?? fetch
  let site: SiteEnv | null = null
  let renderer: Promise<SiteRenderer> | null = null
  let published: { until: number; shell: Promise<Published> } | null = null

  const publishedSite = (site: SiteEnv): Promise<Published> => {
    const now = Date.now()
    if (published && published.until > now) return published.shell
    const shell = readPublished(siteUrl, fetchFn, new URL(site.WIDGET_SCRIPT_URL, `${siteUrl}/`))
    published = { until: now + SHELL_SECONDS * 1000, shell }
    shell.catch(() => {
      if (published?.shell === shell) published = null // a failed read is not kept
    })
    return shell
  }

  return new Hono().get('/:segment', async (c) => {
    const segment = c.req.param('segment') ?? ''
    const search = new URL(c.req.url).search
    const canonical = canonicalProspectPath(`/${encodeURIComponent(segment)}`)
    if (canonical !== null) return c.redirect(`${canonical}${search}`, 301)
    const asked = askedSlug(segment)
    site ??= loadSiteEnv(options.env)
    renderer ??= options.loadRenderer()
    const [shell, answer, render] = await Promise.all([publishedSite(site), answers.get(asked), renderer])
    if (!answer) return c.text('No prospect page: the fallback prospect is missing.', 404)
    const page = await shell.pages({
      answer,
      slug: asked,
      pathname: `/${segment}`,
      shell: shell.shell,
      renderer: render,
      productName: site.PRODUCT_NAME,
      siteUrl,
      panelCss: shell.panelCss,
    })
    const headers = sitePageHeaders(readPolicySources(config, site), true)
    return c.body(page.file.identity, asked === segment ? 200 : 404, {
      ...headers,
      'Content-Security-Policy': pagePolicy(headers['Content-Security-Policy'] ?? '', page),
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'no-cache',
      'X-Robots-Tag': 'noindex',
    })
  })
}

interface Published {
  shell: { etag: string; text: string }
  /** The widget's core stylesheet published beside widget.mjs: the panel is drawn in the page with it. */
  panelCss: { etag: string; text: string } | null
  pages: ReturnType<typeof createRenderedPages>
}

/**
 * The published shell, the widget's stylesheet published beside `widgetScript` (without it, pages
 * leave the panel to widget.mjs), and a page maker that inlines the published files it links.
 */
async function readPublished(siteUrl: string, fetchFn: typeof fetch, widgetScript: URL): Promise<Published> {
  const css = fetchFn(new URL(PANEL_CSS_FILE, widgetScript).href)
    .then(async (file) => {
      if (!file.ok) return null
      const text = await file.text()
      return { etag: file.headers.get('ETag') ?? String(text.length), text }
    })
    .catch(() => null)
  const response = await fetchFn(`${siteUrl}/app.html`)
  if (!response.ok) throw new Error(`${siteUrl}/app.html answered ${response.status}`)
  const text = await response.text()
  const read: ReadSiteText = async (relative) => {
    const file = await fetchFn(`${siteUrl}/${relative}`).catch(() => null)
    return file?.ok ? file.text() : null
  }
  return {
    shell: { etag: response.headers.get('ETag') ?? String(text.length), text },
    panelCss: await css,
    pages: createRenderedPages(read),
  }
}
