/** The slug shown when a prospect link is unknown or missing. */
export const FALLBACK_SLUG = 'visitor'

/**
 * Slugs are what appears in `/{slug}` and in the widget's `slug` attribute. A module of its own, with
 * no words for people, since the widget's boot checks a slug before it asks for the prospect.
 */
export const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/
