import { FALLBACK_SLUG, isValidSlug, type ProspectResponse } from '#core/prospect.ts'
import { isGeneralDemo, prospectPageText } from '#core/prospect-page-text.ts'

/** The branded link-preview image (1200×630), in the site's public files. */
export const PREVIEW_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 }

/** A known prospect's own picture (1200×630 PNG, drawn by the Node server), beside their page. */
export const prospectPicturePath = (slug: string): string => `/${slug}/preview.png`

/**
 * Where a prospect link that a mail client, a spreadsheet or a hand changed should go: its canonical
 * path, when the one segment, percent-decoded, trimmed of spaces, of trailing dots and slashes, and
 * lower-cased, is a slug; null when the path is canonical already or is no such link.
 */
export function canonicalProspectPath(pathname: string): string | null {
  const segment = /^\/([^/]+)\/*$/.exec(pathname)?.[1]
  if (segment === undefined || segment.startsWith('_')) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(segment)
  } catch {
    return null
  }
  const slug = decoded
    .trim()
    .replace(/[.\s]+$/, '')
    .toLowerCase()
  const canonical = `/${slug}`
  return isValidSlug(slug) && canonical !== pathname ? canonical : null
}

/** The slug whose answer a prospect path shows: its own, or the general demo for a malformed one. */
export const askedSlug = (slug: string): string => (isValidSlug(slug) ? slug : FALLBACK_SLUG)

export interface PageHeadOptions {
  productName: string
  /** Where the site is published (`SITE_URL`), without a trailing slash. */
  siteUrl: string
  /**
   * Whether a known prospect's page names their own picture, with their company and name on it: true
   * where it is served (the Node server); else, and always for the general demo, the generic one.
   */
  prospectPicture?: boolean
}

/**
 * The head of a prospect's page: its own title and description, the link-preview tags (Open Graph,
 * Twitter card) with an absolute image, the canonical URL, and `noindex`: a personal page is for its
 * prospect, not for search engines (the general demo included).
 */
export function prospectPageHead(
  answer: ProspectResponse,
  linkSlug: string,
  options: PageHeadOptions,
): string {
  const text = prospectPageText(answer.prospect, options.productName)
  const url = `${options.siteUrl}/${linkSlug}`
  const own = options.prospectPicture === true && !answer.fallback && !isGeneralDemo(answer.prospect)
  const image = `${options.siteUrl}${own ? prospectPicturePath(linkSlug) : PREVIEW_IMAGE.path}`
  const contact = answer.prospect.name.trim()
  const imageAlt = own
    ? `${text.title}${contact === '' ? '' : `, for ${contact}`} · ${options.productName}`
    : `${options.productName}: AI voice agents for small businesses`
  const title = `${text.title} · ${options.productName}`
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}" />`
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', text.description),
    meta('name', 'robots', 'noindex'),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', options.productName),
    meta('property', 'og:title', text.title),
    meta('property', 'og:description', text.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(PREVIEW_IMAGE.width)),
    meta('property', 'og:image:height', String(PREVIEW_IMAGE.height)),
    ...(own ? [meta('property', 'og:image:type', 'image/png')] : []),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', text.title),
    meta('name', 'twitter:description', text.description),
    meta('name', 'twitter:image', image),
    ...(own ? [meta('name', 'twitter:image:alt', imageAlt)] : []),
  ].join('\n    ')
}

const EMPTY_ROOT = '<div id="root"></div>'

/**
 * The shell (app.html) with `head` in place of its title and description, and `body` in its root.
 * Throws on a shell without those, so a changed template fails loudly rather than serving half a page.
 */
export function fillShell(shell: string, head: string, body: string): string {
  const title = /<title>[^<]*<\/title>/
  const description = /<meta name="description" content="[^"]*" \/>\s*/
  if (!shell.includes(EMPTY_ROOT) || !title.test(shell) || !description.test(shell)) {
    throw new Error('app.html has no empty root, title or description to fill')
  }
  return shell
    .replace(description, '')
    .replace(title, () => head)
    .replace(EMPTY_ROOT, () => `<div id="root">${body}</div>`)
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** The site's server entry (`dist/.site-ssr/entry-server.js`, built with the site). */
export interface SiteRenderer {
  renderProspectPage(pathname: string, preload: { slug: string; answer: ProspectResponse }): string
}
