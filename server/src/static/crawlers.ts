/**
 * What search engines may index: the public pages only. A prospect's page is personal (it names a
 * person and their business) and says `noindex` itself; it is not disallowed here, since a crawler
 * must fetch a page to read its `noindex`. The site's own tools under `/_/` are off limits.
 */
export const PUBLIC_PAGES = ['/', '/privacy', '/terms'] as const

export const robotsTxt = (siteUrl: string): string =>
  `User-agent: *\nDisallow: /_/\n\nSitemap: ${siteUrl}/sitemap.xml\n`

export const sitemapXml = (siteUrl: string): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => `  <url><loc>${siteUrl}${path === '/' ? '/' : path}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n')
