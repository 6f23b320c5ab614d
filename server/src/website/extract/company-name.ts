import { foldText } from './html.ts'

/**
 * The company's name from page titles, the last resort after schema.org's `name` and `og:site_name`:
 * "Home - Bright Smile Dental" → "Bright Smile Dental". A title is split on " | ", " - ", " – " and
 * the like; the part every page's title shares is the site's name, else the shortest part that is not
 * a page's own word ("Home", "Contact us", "Welcome").
 */

const SEPARATORS = /\s+[|–—·•:~»-]\s+|\s+::\s+/

const GENERIC_PARTS = new Set(
  [
    'home',
    'homepage',
    'home page',
    'welcome',
    'index',
    'main',
    'contact',
    'contact us',
    'about',
    'about us',
    'services',
    'our services',
    'hours',
    'opening hours',
    'location',
    'blog',
    'news',
    'startseite',
    'kontakt',
    'accueil',
    'inicio',
    'pagina principale',
    'official site',
    'official website',
  ].map(foldText),
)

const isGeneric = (part: string): boolean => GENERIC_PARTS.has(foldText(part).replace(/[!.]+$/, ''))

export function splitTitle(title: string): string[] {
  return title
    .split(SEPARATORS)
    .map((part) => part.trim())
    .filter((part) => part !== '' && !isGeneric(part))
}

/** The name the titles agree on, else the home title's shortest meaningful part; null if none is plausible. */
export function nameFromTitles(titles: readonly string[]): string | null {
  const parts = titles.map(splitTitle).filter((list) => list.length > 0)
  const home = parts[0]
  if (!home) return null
  if (parts.length >= 2) {
    const shared = home.find((part) =>
      parts.every((list) => list.some((other) => foldText(other) === foldText(part))),
    )
    if (shared && shared.length <= 80) return shared
  }
  const plausible = home.filter((part) => part.length <= 80)
  if (plausible.length === 0) return null
  return plausible.reduce((shortest, part) => (part.length < shortest.length ? part : shortest))
}
