/**
 * What the website reader passes between its parts: the pages of one site as fetched (safe-fetch.ts,
 * read-site.ts), read for facts (extract/), and summarised by the optional AI step (ai-summary.ts).
 */

/** One page of a site: its final address (after redirects) and its HTML, decoded to text. */
export interface SitePage {
  url: string
  html: string
}

/**
 * A site or page that could not be read, with the reason in words for the rep who asked ("That
 * address is on a private network", "The site did not answer in 8 seconds", "That page is not a web
 * page"). `code` is for logs and tests.
 */
export class WebsiteReadError extends Error {
  override readonly name = 'WebsiteReadError'
  constructor(
    readonly code: WebsiteReadErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export type WebsiteReadErrorCode =
  | 'bad_address'
  | 'private_network'
  | 'not_found_in_dns'
  | 'timeout'
  | 'too_large'
  | 'not_html'
  | 'not_image'
  | 'too_many_redirects'
  | 'http_status'
  | 'connection_failed'

/** The User-Agent every request of the reader sends: it names the product and why it came. */
export const WEBSITE_READER_USER_AGENT =
  'CallPilotWebsiteReader/1.0 (reads a business site once so a sales rep can set up its voice agent demo)'

/** The reader's limits: pages per site, time per site, bytes per page, redirects per request. */
export const READER_LIMITS = {
  maxPages: 5,
  siteTimeoutMs: 8000,
  maxPageBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
  /** A logo as fetched, before it is re-encoded; what we keep is at most 200 KB. */
  maxImageBytes: 5 * 1024 * 1024,
  maxStoredLogoBytes: 200 * 1024,
} as const
