import type { SitePage } from '../site-page.ts'
import { foldText, parsePage, textOf } from './html.ts'

/**
 * The pages of a site worth reading after its home page, from the home page's links: the contact
 * page (telephone, address, hours, booking), then opening hours, services, location and about. A link
 * counts by its address's words and by its visible words, in English and several other languages.
 */

interface LinkKind {
  score: number
  words: RegExp
}

const KINDS: readonly LinkKind[] = [
  {
    score: 50,
    words:
      /\b(?:contact|contact us|contacts|get in touch|kontakt|contacto|contactez|contactez nous|nous contacter|contatti|contato|contactos|neem contact)\b/,
  },
  {
    score: 45,
    words:
      /\b(?:hours|opening hours|opening times|office hours|business hours|oeffnungszeiten|offnungszeiten|horaires|horario|horarios|orari|openingstijden|sprechzeiten)\b/,
  },
  {
    score: 40,
    words:
      /\b(?:services|our services|service|what we do|treatments|leistungen|unsere leistungen|behandlungen|prestations|nos services|servicios|servizi|diensten|behandelingen|practice areas|specialties)\b/,
  },
  {
    score: 35,
    words:
      /\b(?:locations?|find us|visit us|directions|anfahrt|standort|acces|ubicacion|come raggiungerci|dove siamo|route)\b/,
  },
  {
    score: 30,
    words:
      /\b(?:about|about us|who we are|our story|our team|meet the team|ueber uns|uber uns|a propos|qui sommes nous|sobre nosotros|quienes somos|chi siamo|over ons|sobre)\b/,
  },
  {
    score: 20,
    words:
      /\b(?:book|booking|appointments?|reservations?|reserve|schedule|termin|termine|rendez vous|reservar|prenota)\b/,
  },
]

/** Links that are never worth a page of the five: legal pages, accounts, shops, feeds, blogs and news. */
const NEVER =
  /\b(?:privacy|datenschutz|cookie|cookies|terms|conditions|agb|impressum|imprint|legal|disclaimer|login|log in|sign in|signin|register|account|cart|basket|checkout|shop|feed|rss|wp admin|wp login|careers|jobs|sitemap|search|tag|tags|category|author|blog|news|posts?|articles?|press)\b/

/** Files that are not pages. */
const FILE =
  /\.(?:pdf|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|zip|rar|7z|gz|docx?|xlsx?|pptx?|odt|ods|csv|txt|xml|json|mp[34]|mov|avi|wav|ogg|webm|ics|vcf|exe|dmg|apk)$/i

const siteHost = (hostname: string): string =>
  hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '')

/** The words of an address's path: "/en/contact-us.html" → "en contact us html". */
function pathWords(url: URL): string {
  let path = url.pathname
  try {
    path = decodeURIComponent(path)
  } catch {
    // Kept encoded.
  }
  return foldText(path)
    .replace(/\.(?:html?|php|aspx?|jsp)$/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

function score(words: string): number {
  return KINDS.find((kind) => kind.words.test(words))?.score ?? 0
}

/**
 * Same-site links on the home page worth reading, best first, at most `max`: absolute, without
 * fragments, no files, no mail or telephone links. Same site is the same hostname, a leading "www."
 * aside.
 */
export function pickFollowLinks(home: SitePage, max: number): string[] {
  if (max <= 0) return []
  const page = parsePage(home.url, home.html)
  let homeUrl: URL
  try {
    homeUrl = new URL(home.url)
  } catch {
    return []
  }
  const host = siteHost(homeUrl.hostname)
  const homeHref = normalise(homeUrl)
  const found = new Map<string, { url: string; score: number; order: number }>()
  for (const element of page.elements) {
    if (element.name !== 'a' && element.name !== 'area') continue
    const href = element.attribs.href?.trim()
    if (!href || /^(?:mailto|tel|sms|javascript|data|callto|whatsapp):/i.test(href)) continue
    if (element.attribs.download !== undefined) continue
    let url: URL
    try {
      url = new URL(href, page.base)
    } catch {
      continue
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
    if (siteHost(url.hostname) !== host || url.username || url.password) continue
    if (FILE.test(url.pathname)) continue
    url.hash = ''
    const normalised = normalise(url)
    if (normalised === homeHref) continue
    const path = pathWords(url)
    const text = foldText(textOf(element) || element.attribs.title || element.attribs['aria-label'] || '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
    if (NEVER.test(path) || NEVER.test(text)) continue
    let value = Math.max(score(path), score(text))
    if (value === 0) continue
    // Both saying it is surer; a deep path is more likely a post than a section of the site.
    if (score(path) > 0 && score(text) > 0) value += 3
    const depth = url.pathname.split('/').filter(Boolean).length
    if (depth > 2) value -= 15 * (depth - 2)
    if (url.search.length > 1) value -= 5
    if (value <= 0) continue
    const known = found.get(normalised)
    if (!known) found.set(normalised, { url: url.href, score: value, order: found.size })
    else if (value > known.score) known.score = value
  }
  return [...found.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max)
    .map((link) => link.url)
}

/** One key per page: scheme and "www." aside, a trailing slash aside. */
function normalise(url: URL): string {
  return `${siteHost(url.hostname)}${url.port ? `:${url.port}` : ''}${url.pathname.replace(/\/+$/, '') || '/'}${url.search}`
}
