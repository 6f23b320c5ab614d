import { siteConfig } from '../config.ts'

/** An API path (`/api/...`) on the configured API origin; same origin by default. */
export const getApiUrl = (path: `/api/${string}`): string => `${siteConfig.apiBase}${path}`
