import type { ProspectField } from './prospect-fields.ts'

/**
 * Reading a prospect's own website: what the product proposes for their details, and where each
 * proposal came from, so a rep can judge it before accepting. The server reads the site (up to five
 * pages of it); the rep accepts all or field by field in the form, and nothing they typed is replaced
 * without their say. Imports read the sites of their rows in the background and fill only the blank
 * details.
 */

/** The details a website can propose, in the order the form shows them. */
export const WEBSITE_FACT_FIELDS = [
  'company_name',
  'template',
  'city',
  'services',
  'opening_hours',
  'phone',
  'booking_link',
  'description',
  'logo',
  'theme_color',
] as const satisfies readonly ProspectField[]

export type WebsiteFactField = (typeof WEBSITE_FACT_FIELDS)[number]

/**
 * Where a value was found: schema.org data (JSON-LD or microdata), the page's meta tags (Open Graph,
 * description, theme colour, icons), the page's visible text and links, or the optional AI summary of
 * the pages' text.
 */
export type FactSourceKind = 'structured_data' | 'meta_tags' | 'page_text' | 'ai_summary'

/** How the form names a source to a rep: "structured data on https://…/contact". */
export const FACT_SOURCE_WORDS: Readonly<Record<FactSourceKind, string>> = {
  structured_data: 'structured data',
  meta_tags: 'meta tags',
  page_text: 'page text',
  ai_summary: 'AI summary of the page text',
}

export interface FactSource {
  /** The page the value was read on. */
  url: string
  kind: FactSourceKind
}

/** One proposed value for one field, already within the field's rule (prospect-fields.ts). */
export interface ProposedFact {
  field: WebsiteFactField
  value: string
  source: FactSource
}

/** Whether the optional AI step took part: not configured, used, or its answer dropped. */
export type AiStepState = 'off' | 'used' | 'failed'

/** What reading a site gives: at most one proposal per field, in WEBSITE_FACT_FIELDS order. */
export interface WebsiteReading {
  /** The address read, as given (normalised: scheme added, fragment dropped). */
  website: string
  /** The pages read, the home page first. */
  pages: string[]
  facts: ProposedFact[]
  ai: AiStepState
}

/**
 * `POST website-readings` `{ "website": "bright-smile.example" }`: 200 with {@link WebsiteReading};
 * 422 `website_unreadable` with a message for the rep when the site could not be read ("That address
 * is on a private network", "The site did not answer in 8 seconds", …); 429 `rate_limited` past the
 * rep's limit; 503 `website_reader_off` where this server does not read websites.
 */
export interface WebsiteReadingRequest {
  website: string
}

/** A logo kept on our side is served from here: `${LOGO_PATH}/<id>` (long-cached, immutable). */
export const LOGO_PATH = '/api/logos' as const

/** The address of a stored logo, for an `<img>`: relative to the site's API origin. */
export const logoPath = (id: string): `/api/${string}` => `${LOGO_PATH}/${id}`

/** One prospect's site in the background: waiting, being read, read, or not readable (with why). */
export type WebsiteReadStatus = 'queued' | 'reading' | 'read' | 'failed'

export interface WebsiteReadRow {
  slug: string
  companyName: string
  website: string
  status: WebsiteReadStatus
  /** Once `failed`: why, for the rep ("The site did not answer in 8 seconds"). */
  error: string | null
  /** The details the reading filled in (blank ones only). */
  filled: WebsiteFactField[]
  updatedAt: string
}

/**
 * `GET imports/:id/websites`: the sites of an import's rows, read in the background. Counts for
 * "412 of 500 sites read, 23 could not be read", and the rows that could not be read (each with its
 * reason), for the rep to fix or retry. `POST prospects/:slug/website-read`: reads that prospect's
 * site again in the background (202 with its row).
 */
export interface WebsiteReadProgress {
  total: number
  read: number
  failed: number
  /** Queued or being read. */
  pending: number
  failures: WebsiteReadRow[]
}

/** The words of the progress line: "412 of 500 sites read, 23 could not be read". */
export function describeWebsiteProgress(
  progress: Pick<WebsiteReadProgress, 'total' | 'read' | 'failed'>,
): string {
  const sites = progress.total === 1 ? 'site' : 'sites'
  const read = `${progress.read.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} ${sites} read`
  return progress.failed === 0
    ? read
    : `${read}, ${progress.failed.toLocaleString('en-US')} could not be read`
}
