import type { FactSource } from '#core/website-reading.ts'
import type { Candidate, RankedLogo } from './candidates.ts'
import { collapseSpace, type ParsedPage, resolveHttpUrl } from './html.ts'

/**
 * What a page's head says: Open Graph (`og:site_name`, `og:description`, `og:image`), the description
 * and theme colour meta tags, Facebook's business contact tags, and the icons it links.
 */

export interface MetaFacts {
  candidates: Candidate[]
  /** `og:title`, for the company name when nothing better names it. */
  ogTitle: string | null
  logos: RankedLogo[]
}

export function factsFromMetaTags(page: ParsedPage): MetaFacts {
  const source: FactSource = { url: page.url, kind: 'meta_tags' }
  const meta = new Map<string, string[]>()
  const themeColors: { content: string; media: string }[] = []
  const icons: { href: string; rel: string; size: number; order: number }[] = []
  for (const element of page.elements) {
    if (element.name === 'meta') {
      const key = (
        element.attribs.property ??
        element.attribs.name ??
        element.attribs.itemprop ??
        ''
      ).toLowerCase()
      const content = element.attribs.content
      if (!key || content === undefined) continue
      if (key === 'theme-color') themeColors.push({ content, media: element.attribs.media ?? '' })
      const values = meta.get(key)
      if (values) values.push(content)
      else meta.set(key, [content])
    } else if (element.name === 'link' && element.attribs.href) {
      const rel = (element.attribs.rel ?? '').toLowerCase().split(/\s+/)
      const kind =
        rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed') ? 'apple' : null
      if (!kind && !rel.includes('icon')) continue
      icons.push({
        href: element.attribs.href,
        rel: kind ?? 'icon',
        size: iconSize(element.attribs.sizes, element.attribs.type ?? element.attribs.href),
        order: icons.length,
      })
    }
  }
  const first = (...keys: string[]) => {
    for (const key of keys) {
      const value = meta
        .get(key)
        ?.map(collapseSpace)
        .find((text) => text !== '')
      if (value) return value
    }
    return null
  }
  const candidates: Candidate[] = []
  const offer = (field: Candidate['field'], value: string | null) => {
    if (value) candidates.push({ field, value, source })
  }
  offer('company_name', first('og:site_name'))
  offer('city', first('business:contact_data:locality', 'place:location:locality'))
  offer('phone', first('business:contact_data:phone_number'))
  for (const key of ['description', 'og:description', 'twitter:description']) offer('description', first(key))
  offer('theme_color', pickThemeColor(themeColors))

  const logos: RankedLogo[] = []
  const addLogo = (href: string | null | undefined, rank: number) => {
    const url = href ? resolveHttpUrl(href, page.base) : null
    if (url) logos.push({ url, source, rank })
  }
  for (const key of ['og:image:secure_url', 'og:image:url', 'og:image']) {
    for (const href of meta.get(key) ?? []) addLogo(href, 2)
  }
  const bySize = (a: (typeof icons)[number], b: (typeof icons)[number]) =>
    b.size - a.size || a.order - b.order
  for (const icon of icons.filter((icon) => icon.rel === 'apple').sort(bySize)) addLogo(icon.href, 3)
  for (const icon of icons.filter((icon) => icon.rel === 'icon').sort(bySize)) addLogo(icon.href, 4)
  return { candidates, ogTitle: first('og:title'), logos }
}

/** An icon's largest side from `sizes` ("32x32", "16x16 32x32"); a scalable one ("any", SVG) first. */
function iconSize(sizes: string | undefined, typeOrHref: string): number {
  if (sizes?.toLowerCase().includes('any') || /svg/i.test(typeOrHref)) return 10_000
  let largest = 0
  for (const match of (sizes ?? '').matchAll(/(\d+)\s*[x×]\s*(\d+)/gi)) {
    largest = Math.max(largest, Number(match[1]), Number(match[2]))
  }
  return largest
}

/**
 * The theme colour: the one without a media query, else the light scheme's, else the first given (a
 * dark scheme's colour is not the brand's on a white page).
 */
function pickThemeColor(colors: readonly { content: string; media: string }[]): string | null {
  const plain = colors.find((color) => color.media.trim() === '')
  const light = colors.find((color) => /light/i.test(color.media))
  return (plain ?? light ?? colors[0])?.content ?? null
}
