/**
 * The site's settings, baked in at build time by vite.site.config.ts (which validates them).
 * The widget's script URL is not here: it is filled into index.html. The defaults only apply where
 * that config did not run, i.e. in unit tests.
 */
export const siteConfig = {
  productName: import.meta.env.PRODUCT_NAME ?? 'CallPilot',
  apiBase: import.meta.env.SITE_API_BASE ?? '',
  /** The 15-minute intro meeting; '' means online booking is not configured. */
  calendlyUrl: import.meta.env.CALENDLY_URL ?? 'https://calendly.com/callpilot/15min',
} as const

/**
 * The attributes every widget element on the site gets: `api-base` when the API is on another origin
 * than widget.mjs (the edge function), else nothing, so the widget uses its own origin.
 */
export const widgetApiAttributes: { 'api-base'?: string } = siteConfig.apiBase
  ? { 'api-base': siteConfig.apiBase }
  : {}

declare global {
  // Filled by vite.site.config.ts (`define`) from CALENDLY_URL; see site/build/load-site-env.ts.
  interface ImportMetaEnv {
    readonly CALENDLY_URL?: string
  }
}

export type SiteConfig = typeof siteConfig
