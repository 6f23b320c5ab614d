import {
  type FactSource,
  type ProposedFact,
  WEBSITE_FACT_FIELDS,
  type WebsiteFactField,
} from '#core/website-reading.ts'
import type { SitePage } from '../site-page.ts'
import { templateFromWords } from './business-types.ts'
import type { Candidate, LogoCandidate, RankedLogo } from './candidates.ts'
import { nameFromTitles } from './company-name.ts'
import { fitFact } from './fit.ts'
import { factsFromMetaTags } from './from-meta-tags.ts'
import { factsFromPageText, visibleText } from './from-page-text.ts'
import { factsFromStructuredData } from './from-structured-data.ts'
import { type ParsedPage, pageTitle, parsePage, textOf } from './html.ts'
import { readStructuredData } from './structured-data.ts'

export { pickFollowLinks } from './follow-links.ts'
export {
  describeOpeningHours,
  type OpeningHoursInput,
  type OpeningHoursSpecificationInput,
} from './opening-hours.ts'

/**
 * A business's own pages read for the details of its voice agent, each proposal with the page and
 * the kind of source it came from. Pure: the pages are given (home page first), nothing is fetched.
 *
 * Per field the first source that gives a value within the field's rule wins, in this order:
 * schema.org data (JSON-LD, microdata), then the pages' meta tags, then their visible text and links;
 * within a kind, the home page first, then the others as given. The company name falls back to page
 * titles; the kind of business to words of the home page's title and description when no schema.org
 * type names it (and those words win over a type that only says "a local business").
 */
export interface ExtractedSite {
  /**
   * At most one per field, in WEBSITE_FACT_FIELDS order, 'logo' excluded (logos are fetched and kept
   * by the caller). Every value passes the field's rule in core/prospect-fields.ts.
   */
  facts: ProposedFact[]
  /**
   * Logo candidates, best first: schema.org logo, then schema.org image, og:image, apple-touch-icon,
   * icon links (largest sizes first); absolute http(s) addresses, each once, at most 10.
   */
  logoCandidates: LogoCandidate[]
  /**
   * Each page's visible text (no scripts, styles, hidden parts or navigation; header and footer on the
   * home page only), one line per block, whitespace collapsed, at most about 6,000 characters a page:
   * what the optional AI step reads.
   */
  texts: { url: string; text: string }[]
}

const TEXT_LIMIT = 6000

export function extractSiteFacts(pages: SitePage[], templateIds: readonly string[]): ExtractedSite {
  const parsed = pages.map((page) => parsePage(page.url, page.html))
  const candidates = new Map<WebsiteFactField, Candidate[]>(WEBSITE_FACT_FIELDS.map((field) => [field, []]))
  const offer = (candidate: Candidate | null) => {
    if (candidate) candidates.get(candidate.field)?.push(candidate)
  }
  const logos: RankedLogo[] = []

  // 1. schema.org data. A specific kind of business on any page beats a general one on the home page.
  const specificTemplates: Candidate[] = []
  const generalTemplates: Candidate[] = []
  for (const page of parsed) {
    const structured = factsFromStructuredData(readStructuredData(page), page.url, page.base)
    for (const candidate of structured.candidates) offer(candidate)
    if (structured.template) {
      const template: Candidate = {
        field: 'template',
        value: structured.template,
        source: { url: page.url, kind: 'structured_data' },
      }
      ;(structured.template === 'general' ? generalTemplates : specificTemplates).push(template)
    }
    logos.push(...structured.logos)
  }

  // 2. Meta tags.
  const metas = parsed.map((page) => factsFromMetaTags(page))
  for (const meta of metas) {
    for (const candidate of meta.candidates) offer(candidate)
    logos.push(...meta.logos)
  }

  // The company name's last resorts: the pages' titles, then the home page's og:title.
  const home = parsed[0]
  if (home) {
    const titleName = nameFromTitles(parsed.map((page) => pageTitle(page) ?? ''))
    if (titleName)
      offer({ field: 'company_name', value: titleName, source: { url: home.url, kind: 'page_text' } })
    const ogTitle = metas[0]?.ogTitle
    const ogName = ogTitle ? nameFromTitles([ogTitle]) : null
    if (ogName) offer({ field: 'company_name', value: ogName, source: { url: home.url, kind: 'meta_tags' } })
  }

  // 3. Visible text and links.
  const texts = parsed.map((page) => factsFromPageText(page))
  for (const text of texts) for (const phone of text.phones) offer(phone)
  for (const text of texts) for (const link of text.bookingServices) offer(link)
  for (const text of texts) for (const link of text.bookingWords) offer(link)
  for (const text of texts) {
    offer(text.hours)
    offer(text.city)
    offer(text.services)
  }
  offer(texts[0]?.paragraph ?? null)

  const templates = [...specificTemplates]
  if (home) {
    const words = templateWords(home, metas[0]?.candidates ?? [])
    if (words)
      templates.push({ field: 'template', value: words, source: { url: home.url, kind: 'page_text' } })
  }
  templates.push(...generalTemplates)
  candidates.set('template', templates)

  const facts: ProposedFact[] = []
  for (const field of WEBSITE_FACT_FIELDS) {
    if (field === 'logo') continue
    for (const candidate of candidates.get(field) ?? []) {
      const value = fitFact(field, candidate.value, templateIds, candidate.source.url)
      if (value === null) continue
      facts.push({ field, value, source: candidate.source })
      break
    }
  }

  return {
    facts,
    logoCandidates: orderLogos(logos),
    texts: parsed.map((page, index) => ({ url: page.url, text: visibleText(page, index === 0, TEXT_LIMIT) })),
  }
}

/** The kind of business the home page's own words name: its title, description and main heading. */
function templateWords(home: ParsedPage, metaCandidates: readonly Candidate[]): string | null {
  const description = metaCandidates.find((candidate) => candidate.field === 'description')?.value ?? ''
  const heading = home.elements.find((element) => element.name === 'h1')
  return templateFromWords([pageTitle(home) ?? '', description, heading ? textOf(heading) : ''].join(' \n '))
}

/** A page listing hundreds of icons gives no better logo for it: the first ten are tried at most. */
const MAX_LOGO_CANDIDATES = 10

/** Best first (by rank, then page and document order), each address once. */
function orderLogos(logos: readonly RankedLogo[]): LogoCandidate[] {
  const seen = new Set<string>()
  const ordered: LogoCandidate[] = []
  const sorted = logos
    .map((logo, order) => ({ logo, order }))
    .sort((a, b) => a.logo.rank - b.logo.rank || a.order - b.order)
  for (const { logo } of sorted) {
    if (seen.has(logo.url)) continue
    seen.add(logo.url)
    const source: FactSource = logo.source
    ordered.push({ url: logo.url, source })
    if (ordered.length === MAX_LOGO_CANDIDATES) break
  }
  return ordered
}
