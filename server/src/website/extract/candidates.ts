import type { FactSource, WebsiteFactField } from '#core/website-reading.ts'

/**
 * A value some part of a page offers for a field, before it is fitted to the field's rule. The
 * extractors each give theirs in their order of preference; index.ts keeps, per field, the first that
 * fits.
 */
export interface Candidate {
  field: WebsiteFactField
  value: string
  source: FactSource
}

export interface LogoCandidate {
  url: string
  source: FactSource
}

/**
 * Logo candidates in the order they are tried: schema.org `logo` (0) and `image` (1), `og:image` (2),
 * apple-touch-icon (3), other icons (4).
 */
export interface RankedLogo extends LogoCandidate {
  rank: number
}
