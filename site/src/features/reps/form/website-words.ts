import { DEFAULT_TEMPLATE_ID } from '#core/agent-template.ts'
import type { WebsiteFactField } from '#core/website-reading.ts'
import type { FormValues } from './form-values.ts'

/** An address as typed ("bright-smile.example/contact"), read as the server reads it: https when no scheme. */
function parseAddress(address: string): URL | null {
  const trimmed = address.trim()
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`)
  } catch {
    return null
  }
}

/** The site as a rep names it: "bright-smile.example" (its host), or the address as typed. */
export function describeSite(address: string): string {
  return parseAddress(address)?.host || address.trim()
}

/** A page of the site: its path ("/contact"), or the site's host for its home page. */
export function describePage(url: string): string {
  const parsed = parseAddress(url)
  if (!parsed) return url
  const path = parsed.pathname + parsed.search
  return path === '/' ? parsed.host : path
}

/** A page's address, for a link: only http(s) (a value from someone's website is never a script). */
export function getPageLink(url: string): string | null {
  const parsed = parseAddress(url)
  return parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? parsed.href : null
}

/** No value yet: empty, or the general template (the one a prospect without one gets). */
export const isBlank = (field: WebsiteFactField, value: string): boolean =>
  value.trim() === '' || (field === 'template' && value.trim() === DEFAULT_TEMPLATE_ID)

/** The same value once stored: trimmed, a colour in any case. */
export function isSameValue(field: WebsiteFactField, a: string, b: string): boolean {
  return field === 'theme_color' ? a.trim().toLowerCase() === b.trim().toLowerCase() : a.trim() === b.trim()
}

/**
 * Whether a proposal starts ticked: it fills a blank field or repeats its value. A field the rep (or
 * the saved prospect) already gave another value keeps it unless the rep ticks the proposal.
 */
export const isTickedAtFirst = (field: WebsiteFactField, proposed: string, values: FormValues): boolean =>
  isBlank(field, values[field]) || isSameValue(field, proposed, values[field])

/** "Filled 6 details from the website." */
export const describeFilled = (count: number): string =>
  `Filled ${count} ${count === 1 ? 'detail' : 'details'} from the website.`
