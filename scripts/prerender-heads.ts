/** The landing page's link-preview image (1200×630), drawn by site/build/preview-image/. */
export const LANDING_PREVIEW = { path: '/og-landing.jpg', type: 'image/jpeg', width: 1200, height: 630 }

const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /<meta name="description" content="([^"]*)" \/>/

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
const unescapeHtml = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39|#\d+);/g, (_entity, name: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
    return named[name] ?? String.fromCharCode(Number(name.slice(1)))
  })

/**
 * The shell with its own title and description: the tab title the page itself sets once it runs
 * ("{title} · {product}", lib/use-document-title.ts), so nothing changes at hydration.
 */
export function withTitle(shell: string, title: string, description: string, productName: string): string {
  if (!TITLE.test(shell) || !DESCRIPTION.test(shell)) throw new Error('the shell has no title or description')
  return shell
    .replace(TITLE, () => `<title>${escapeHtml(`${title} · ${productName}`)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(description)}" />`)
}

/**
 * The landing page's link preview (Open Graph and Twitter card), after its description, which it
 * repeats. Previewers want absolute addresses: with `siteUrl` (SITE_URL at build) the page names its
 * own (`og:url`, canonical) and its image's; without, the image is named from the site's root and the
 * bundled server completes it per request, from where the page was asked.
 */
export function withLandingPreview(shell: string, productName: string, siteUrl: string | null): string {
  const description = DESCRIPTION.exec(shell)?.[1]
  if (description === undefined) throw new Error('the shell has no description')
  const text = unescapeHtml(description)
  const title = `${productName}: AI voice agents for small businesses`
  const image = `${siteUrl ?? ''}${LANDING_PREVIEW.path}`
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}" />`
  const tags = [
    ...(siteUrl === null ? [] : [`<link rel="canonical" href="${escapeHtml(`${siteUrl}/`)}" />`]),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', productName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', text),
    ...(siteUrl === null ? [] : [meta('property', 'og:url', `${siteUrl}/`)]),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', LANDING_PREVIEW.type),
    meta('property', 'og:image:width', String(LANDING_PREVIEW.width)),
    meta('property', 'og:image:height', String(LANDING_PREVIEW.height)),
    meta(
      'property',
      'og:image:alt',
      `${productName}: AI voice agents that answer every call and book appointments`,
    ),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', text),
    meta('name', 'twitter:image', image),
  ]
  return shell.replace(DESCRIPTION, (tag) => [tag, ...tags].join('\n    '))
}
