/** Set at build time by vite.site.config.ts (`define`); read only by site/src/config.ts. */
interface ImportMetaEnv {
  readonly PRODUCT_NAME?: string
  readonly SITE_API_BASE?: string
}
