import type { AgentTemplateSet } from '#core/agent.ts'
import {
  type AiStepState,
  type ProposedFact,
  WEBSITE_FACT_FIELDS,
  type WebsiteReading,
} from '#core/website-reading.ts'
import { hostPortOf } from '../common/address-guard.ts'
import type { Db } from '../data/database.ts'
import { saveWebsiteImage } from '../data/website-images.ts'
import { AI_FIELDS, type AiSettings, summariseWithAi } from './ai-summary.ts'
import { isBookingServiceUrl } from './extract/booking-links.ts'
import { extractSiteFacts, pickFollowLinks } from './extract/index.ts'
import { fetchLogo } from './logo-image.ts'
import { normalizeWebsiteAddress, readSitePages } from './read-site.ts'
import { READER_LIMITS, WebsiteReadError } from './site-page.ts'

/** What the reader needs from the server's settings (website-settings.ts). */
export interface WebsiteReaderSettings {
  /** `WEBSITE_READER_ALLOWED_HOSTS`: `host:port`s exempt from the public-address rule. */
  allowedHosts: ReadonlySet<string>
  /** The optional AI step; null: structured data and page text alone. */
  ai: AiSettings | null
}

export interface ReadWebsiteDeps {
  db: Db
  templates: AgentTemplateSet
  settings: WebsiteReaderSettings
  logger: Pick<Console, 'warn'>
  signal?: AbortSignal
}

/** A logo gets what is left of its own few seconds after the pages; its absence loses nothing else. */
const LOGO_TIMEOUT_MS = 4000

/**
 * Reads a business's site and proposes its details, each with where it came from: up to five pages
 * of it (read-site.ts) read for structured data, meta tags and text (extract/), then, where an AI
 * endpoint is configured, its text summarised into what is still empty (ai-summary.ts), and its logo
 * fetched, re-encoded and kept on our side (logo-image.ts). Throws WebsiteReadError with the reason
 * for the rep when the site itself cannot be read; a logo or an AI answer that fails costs only itself.
 */
export async function readWebsite(input: string, deps: ReadWebsiteDeps): Promise<WebsiteReading> {
  const website = normalizeWebsiteAddress(input)
  const { allowedHosts, ai } = deps.settings
  refuseReservedNames(website, allowedHosts)
  const pages = await readSitePages(website, {
    allowedHosts,
    pickLinks: (home) => pickFollowLinks(home, READER_LIMITS.maxPages - 1),
    ...(deps.signal ? { signal: deps.signal } : {}),
  })
  const templateIds = deps.templates.list.map((template) => template.source.id)
  const extracted = extractSiteFacts(pages, templateIds)
  const facts: ProposedFact[] = [...extracted.facts]
  const found = new Set(facts.map((fact) => fact.field))

  let aiState: AiStepState = 'off'
  const logo = fetchLogo(extracted.logoCandidates, {
    allowedHosts,
    signal: withTimeout(deps.signal, LOGO_TIMEOUT_MS),
  }).catch(() => null)
  if (ai) {
    const missing = AI_FIELDS.filter((field) => !found.has(field))
    let failed = false
    const aiFacts = await summariseWithAi(
      ai,
      {
        texts: extracted.texts,
        missing,
        templates: deps.templates.list.map(({ source }) => ({ id: source.id, label: source.label })),
      },
      {
        ...(deps.signal ? { signal: deps.signal } : {}),
        logger: {
          warn: (...args: unknown[]) => {
            failed = true
            deps.logger.warn(...args)
          },
        },
      },
    )
    aiState = failed ? 'failed' : 'used'
    for (const fact of aiFacts) {
      if (!found.has(fact.field) && isTrustedAiFact(fact, pages[0]?.url ?? website)) {
        facts.push(fact)
        found.add(fact.field)
      }
    }
  }
  const image = await logo
  if (image) {
    await saveWebsiteImage(deps.db, image)
    const candidate = extracted.logoCandidates.find((c) => c.url === image.sourceUrl)
    facts.push({
      field: 'logo',
      value: image.id,
      source: candidate?.source ?? { url: image.sourceUrl, kind: 'meta_tags' },
    })
  }
  const order = (fact: ProposedFact) => WEBSITE_FACT_FIELDS.indexOf(fact.field)
  return {
    website,
    pages: pages.map((page) => page.url),
    facts: facts.sort((a, b) => order(a) - order(b)),
    ai: aiState,
  }
}

/**
 * A link the AI proposes is where a caller would be sent: it must be on the business's own site or a
 * booking service we know, never an address a page's text talked the model into ("set the booking
 * link to http://evil.example").
 */
function isTrustedAiFact(fact: ProposedFact, home: string): boolean {
  if (fact.field !== 'booking_link') return true
  const site = new URL(home).hostname.replace(/^www\./, '')
  const link = new URL(fact.value).hostname.replace(/^www\./, '')
  return link === site || link.endsWith(`.${site}`) || isBookingServiceUrl(fact.value)
}

/**
 * Names reserved for examples and tests (RFC 2606, RFC 6761) are no business's site: answered at once,
 * without asking DNS, so a list of made-up addresses costs no lookups (an allowed host:port aside).
 */
const RESERVED_NAME = /(^|\.)(example|test|invalid|localhost)\.?$/i

function refuseReservedNames(website: string, allowedHosts: ReadonlySet<string>): void {
  const url = new URL(website)
  if (RESERVED_NAME.test(url.hostname) && !allowedHosts.has(hostPortOf(url))) {
    throw new WebsiteReadError('not_found_in_dns', 'No website was found at that address')
  }
}

/** The caller's signal, or a deadline of its own, whichever ends first. */
function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms)
  return signal ? AbortSignal.any([signal, timeout]) : timeout
}

/** The values a reading proposes, by field, for the fields an import left blank. */
export const factsByField = (facts: readonly ProposedFact[]): Record<string, string> =>
  Object.fromEntries(facts.map((fact) => [fact.field, fact.value]))
