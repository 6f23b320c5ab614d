import type { AgentValues } from './agent-text.ts'
import type { DemoFeatures } from './public-config.ts'

import { SLUG_PATTERN } from './slug.ts'

export { FALLBACK_SLUG, SLUG_PATTERN } from './slug.ts'

/**
 * Paths the product serves itself, never a prospect's link (an import and the reps' form refuse
 * them), since `/{slug}` would answer something else: the site's own pages at the top level, the
 * reps' pages that sit where a prospect's page for reps would (`/_/prospects/new`, `/_/prospects/import`),
 * the API, and the folders of the built site and widget, of the partner demos and of the WordPress
 * plugin's download (a static host answers a folder's name too). `server/src/reserved-slugs.test.ts` finds them in the routes.
 */
export const RESERVED_SLUGS: readonly string[] = [
  'privacy',
  'terms',
  'new',
  'import',
  'api',
  'assets',
  'avatars',
  'embed-demo',
  'widget-chunks',
  'wordpress',
  'healthz',
  'readyz',
  'metrics',
]

export const isValidSlug = (value: string): boolean =>
  SLUG_PATTERN.test(value) && !RESERVED_SLUGS.includes(value)
/** A prospect's page: `{siteUrl}/{slug}`, `siteUrl` without a trailing slash. */
export const getProspectPageUrl = (siteUrl: string, slug: string): string => `${siteUrl}/${slug}`

/** What a person reads about a link that breaks the slug rule. */
export const SLUG_RULE_MESSAGE = 'A prospect link must be 1 to 64 lowercase letters, digits or dashes.'

/** The public face of a prospect record (table `prospects`): what pages and the widget may see. */
export interface Prospect {
  slug: string
  name: string
  companyName: string
  /** The voice agent's opening line: its template's, or the prospect's own, rendered. */
  firstMessage: string
  /** The voice agent's system prompt: its template's, or the prospect's own, rendered. */
  system: string
  /** The values the agent was rendered with (the contact, the company, the details given). */
  variables: AgentValues
  /** The prospect's own voice assistant, when one was built; else the configured default is used. */
  assistantId: string | null
  /** The business's own face, read from its website; absent when it has neither a logo nor a colour. */
  brand?: ProspectBrand
  /**
   * "Book a call": the scheduler of the rep who owns this prospect, with what a prospect may see of
   * them (never their email); else the team's scheduler with `rep` null; absent when neither is set.
   */
  booking?: ProspectBooking
}

/** Where a prospect books a call, and with whom. */
export interface ProspectBooking {
  /** The scheduling page (https, on the scheduler's host: core/prospect-fields.ts checkSchedulingLink). */
  url: string
  rep: BookingRep | null
  /**
   * The action in words, {@link getBookingLabel}'s: sent whole, so the widget's first paint carries
   * the link's text and not the rule that makes it.
   */
  label: string
}

/** "Book a call with Sam", or "Book a call" for the team's scheduler or a rep who gave no name. */
export const getBookingLabel = (rep: BookingRep | null): string =>
  rep?.firstName ? `Book a call with ${rep.firstName}` : 'Book a call'

/** The rep a prospect books: the name they gave, its first word, and their photo's id (or null). */
export interface BookingRep {
  /** Empty when the rep gave no name: the page then says "Book a call" alone. */
  name: string
  firstName: string
  /** A stored image's id, served at `/api/logos/{id}` like a logo. */
  photo: string | null
}

/** "Sam Rivera" → "Sam": the first word of a name, for "Book a call with Sam". */
export const getFirstName = (name: string): string => name.trim().split(/\s+/)[0] ?? ''

/** A business's logo (the id of the image we keep, served at `/api/logos/{id}`) and colour (`#rrggbb`). */
export interface ProspectBrand {
  logo: string | null
  color: string | null
}

/** Answer of `GET /api/prospects/:slug`. */
export interface ProspectResponse {
  prospect: Prospect
  /** True when the slug was unknown and the fallback prospect `visitor` is shown instead. */
  fallback: boolean
  /**
   * Which demos work for this prospect, carried here so the widget knows before the visitor clicks
   * without a request of its own.
   */
  features: DemoFeatures
  /**
   * Why the calls that are off are off, as the panel says it under its buttons (describeUnavailable in
   * core/public-config.ts); empty when both work.
   */
  unavailableReason: string
}

export const prospectNotFoundMessage = (slug: string): string => `Prospect "${slug}" not found`
