/**
 * The site's settings, baked in at build time by vite.site.config.ts (which validates them).
 * The widget's script URL is not here: it is filled into index.html. The defaults only apply where
 * that config did not run, i.e. in unit tests.
 */
export const siteConfig = {
  productName: import.meta.env.PRODUCT_NAME ?? 'CallPilot',
  apiBase: import.meta.env.SITE_API_BASE ?? '',
} as const

export type SiteConfig = typeof siteConfig
