import { RequestFailure } from '#core/api-error.ts'
import type { Prospect } from '#core/prospect.ts'
import { loadProspect } from '../../lib/load-prospect.ts'

/** What a look-up found: the prospect, or nobody (the API's fallback answer). */
export type LookupResult = { kind: 'found'; prospect: Prospect } | { kind: 'missing' }

/**
 * Looks one slug up through the public `GET /api/prospects/:slug`, as the prospect page loads it. A
 * `fallback: true` answer is the page for unknown links, so here it means "no such prospect": a rep
 * must never send out the fallback's snippet thinking it is the prospect's. So does a 404 (even the
 * fallback is missing). Rejects with a RequestFailure whose message a person can read; an abort as is.
 */
export async function lookupProspect(slug: string, signal: AbortSignal): Promise<LookupResult> {
  try {
    const { prospect, fallback } = await loadProspect(slug, signal)
    return fallback ? { kind: 'missing' } : { kind: 'found', prospect }
  } catch (error) {
    if (error instanceof RequestFailure && error.code === 'prospect_not_found') return { kind: 'missing' }
    throw error
  }
}
